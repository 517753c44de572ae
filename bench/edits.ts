/**
 * The edits the benchmark makes to a generated repository, each one line, each reversible:
 * a function body in a module nothing imports, the same in the module every package reaches,
 * and an exported type every importer of the first package reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedRepo } from './generate-repo.js';

export interface Edit {
  /** Applies the edit; `variant` makes each application a different tree (and a different finding). */
  apply(variant: number): void;
  revert(): void;
}

/**
 * One line of a function body: `debugger;` in front of a return (ESLint's no-debugger, one new
 * finding). The variant goes into the line, so consecutive attempts are distinct trees with
 * distinct fingerprints and none reads as stuck.
 */
export function makeBodyEdit(repo: GeneratedRepo): Edit {
  return makeLineEdit(
    join(repo.root, repo.bodyEditFile),
    '  return String(value);',
    (variant) => `  debugger; return String(value) + '${variant}';`,
  );
}

/**
 * The body edit of makeBodyEdit in the first package's first module, which the other packages
 * import however far: behind its declared return type, no importer sees it.
 */
export function makeWideBodyEdit(repo: GeneratedRepo): Edit {
  return makeLineEdit(
    join(repo.root, repo.typeEditFile),
    '  return String(value);',
    (variant) => `  debugger; return String(value) + '${variant}';`,
  );
}

/**
 * One line of an exported interface that the package's barrel re-exports and the next package
 * imports: `amount: number` becomes `amount: string`, so the `reduce` summing it fails (one new
 * tsc finding) and every importer has to be checked again.
 */
export function makeTypeEdit(repo: GeneratedRepo): Edit {
  return makeLineEdit(
    join(repo.root, repo.typeEditFile),
    '  amount: number;',
    (variant) => `  amount: string; // ${variant}`,
  );
}

/** One line of a file replaced by `replace(variant)`; the file must have the line. */
export function makeLineEdit(path: string, line: string, replace: (variant: number) => string): Edit {
  const original = readFileSync(path, 'utf8');
  if (!original.includes(`\n${line}\n`)) throw new Error(`${path} has no line ${JSON.stringify(line)} to edit`);
  return {
    apply: (variant) => writeFileSync(path, original.replace(`\n${line}\n`, `\n${replace(variant)}\n`)),
    revert: () => writeFileSync(path, original),
  };
}
