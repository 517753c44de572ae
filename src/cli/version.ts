/** culprit's version, from its package.json: read as a file, which costs a start-up less than loading it as a module. */
// node:fs as its module object, not imported: a served check's client loads this (git/git-entry.ts says why).
const { readFileSync } = process.getBuiltinModule('node:fs');

export const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
