/**
 * A base run happens in a copy of the tree, but some files it reads are the work tree's own,
 * through links: installed packages and ignored files. Tools report those by their real
 * location, which is in the work tree; this names them the way the work tree's run does, so a
 * finding in a package's declaration file has the same identity on both sides.
 */
import { relative, resolve, sep } from 'node:path';
import type { CheckRun } from '../checks/check.js';
import { makeRootStripper } from '../checks/output/repo-path.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { isInside } from '../core/is-inside.js';

/** Maps a run made in `copy` onto the repository at `root` (both absolute, `root` also by its real path). */
export function makeRunRelocator(copy: string, roots: readonly string[]): (run: CheckRun) => CheckRun {
  const stripRoot = roots.map(makeRootStripper);
  const relocatePath = (path: string | null): string | null => {
    if (path === null) return path;
    const absolute = resolve(copy, path);
    if (isInside(copy, absolute)) return path;
    for (const root of roots) {
      if (isInside(root, absolute)) return relative(root, absolute).split(sep).join('/');
    }
    return path;
  };
  const relocate = (diagnostic: Diagnostic): Diagnostic => ({
    ...diagnostic,
    path: relocatePath(diagnostic.path),
    message: stripRoot.reduce((message, strip) => strip(message), diagnostic.message),
  });
  return (run) => ({ ...run, diagnostics: run.diagnostics.map(relocate) });
}
