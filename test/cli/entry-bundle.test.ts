/**
 * The built entry, dist/cli/main.js, is one file: `npm run build` bundles the modules of the
 * served shortcut into it (esbuild, after tsc), so a check or hook the work tree's server answers
 * loads no other module of culprit; the full command line, dist/cli/commands.js, stays as tsc
 * wrote it and is loaded only when the shortcut does not take the command. A module bundled in
 * resolves `import.meta.url` against the entry's folder, so only one written in dist/cli may use
 * it; what the shortcut hands the full command line (the hook's input, the server's quick answer)
 * is kept on the process, which test/serve/served-shortcut.test.ts holds. Runs dist/: `npm run
 * build` first.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { cliPath } from '../helpers/cli.js';

test("the entry is one file, whose only import of culprit's own is the full command line", () => {
  const text = readFileSync(cliPath, 'utf8');
  expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
  const relative = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => match[1],
  );
  expect(relative).toEqual(['./commands.js']);
  // cli/version.js reads culprit's package.json, two folders up from dist/cli as it was.
  expect(text.match(/import\.meta/g)).toEqual(['import.meta']);
  expect(text).toContain('new URL("../../package.json", import.meta.url)');
});
