/**
 * Whether a file can declare globals, which no module graph bounds: a script (no import or
 * export), `declare global`, `declare module`, a .d.ts. An edit to such a file can change what
 * any file means, so a run that bounds its work by the importers of the changed files does all.
 */
import { readFileSync } from 'node:fs';

const globalDeclaration = /\bdeclare\s+(?:global|module)\b/;
const moduleSyntax = /^\s*(?:import|export)\b/m;

/** Whether a file with this text may declare globals: a script, `declare global`, `declare module`, a .d.ts. */
export function isGlobalText(text: string, fileName: string): boolean {
  return globalDeclaration.test(text) || !moduleSyntax.test(text) || fileName.endsWith('.d.ts');
}

/** Whether the file as it is now may declare globals; a file that cannot be read may. */
export function readDeclaresGlobals(fileName: string): boolean {
  try {
    return isGlobalText(readFileSync(fileName, 'utf8'), fileName);
  } catch {
    return true;
  }
}

/** Of the edited files (absolute path → text before the edit), the first that may declare globals before it or now. */
export function findGlobalEdit(baseTexts: Readonly<Record<string, string>>): string | undefined {
  return Object.entries(baseTexts).find(
    ([fileName, text]) => isGlobalText(text, fileName) || readDeclaresGlobals(fileName),
  )?.[0];
}
