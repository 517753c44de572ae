/**
 * A `git` for a PATH: a script that logs its first two arguments, then runs the real git. Tests
 * count the git processes culprit starts with it, and what each was asked, without timing anything.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoggingGit {
  /** The folder holding the script, to put first on PATH. */
  bin: string;
  /** The commands logged since the last call (`add --all`, `write-tree `, `diff-tree --stdin`, …), and forgets them. */
  take(): string[];
}

/** Writes the script into `bin`, pointing at the git the current PATH finds. */
export function makeLoggingGit(bin: string): LoggingGit {
  const log = join(bin, 'calls.log');
  writeFileSync(log, '');
  const realGit = (process.env['PATH'] ?? '')
    .split(':')
    .map((dir) => join(dir, 'git'))
    .find((path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true);
  if (realGit === undefined) throw new Error('git is not on PATH');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$1 $2" >> '${log}'\nexec '${realGit}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return {
    bin,
    take: () => {
      const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      writeFileSync(log, '');
      return calls;
    },
  };
}
