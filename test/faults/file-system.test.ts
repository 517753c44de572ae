/**
 * When the file system says no, culprit says so in one line naming the path and what to do, and
 * exits 2: a state write past the file size limit (EFBIG, through `ulimit -f`), a state folder
 * another user owns (EACCES, culprit run as a second uid through setpriv), and git refusing a
 * repository of another owner ("dubious ownership"), whose reason is kept. `culprit fix` refuses
 * a read-only file, writing nothing and saying so, and keeps the owner and mode of what it
 * rewrites, leaving no temporary file (and sweeping what a killed fix left). The built CLI.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, runCli, type JsonReport } from '../helpers/cli.js';
import { itAsOtherUser, otherUid, runAsOtherUser } from '../helpers/other-user.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';
import { introducedLet, preferConstFiles } from '../fixtures/prefer-const.js';
import { todoFiles } from '../fixtures/sarif-todos.js';

const made: TestRepo[] = [];
afterEach(() => {
  for (const repo of made.splice(0)) repo.cleanup();
});
const makeDir = useTemporaryDirectories();

function makeTodoRepo(extra: Record<string, string> = {}): TestRepo {
  const repo = makeRepo({ typescript: false, files: { ...todoFiles, ...extra } });
  made.push(repo);
  return repo;
}

/** No stack trace, no "a bug in culprit": one line. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toContain('a bug in culprit');
}

describe('a write the file system refuses', () => {
  it('past the file size limit (EFBIG) is one line naming the file, exit 2, and leaves no temporary file', () => {
    // A snapshot of 400 findings is far larger than the limit; git's own writes stay under it.
    const many = Array.from({ length: 400 }, (_, index) => `// TODO: item ${index}`).join('\n');
    const repo = makeTodoRepo({ 'src/many.js': `${many}\n` });
    const limited = spawnSync('sh', ['-c', 'ulimit -f 8 && exec "$0" "$@"', process.execPath, cliPath, 'start'], {
      cwd: repo.root,
      encoding: 'utf8',
    });
    expect(limited.status).toBe(2);
    const snapshots = join(repo.root, '.git', 'culprit', 'snapshots');
    expectOneLine(
      limited.stderr,
      new RegExp(
        `^culprit: cannot write ${snapshots}/[0-9a-f]+\\.json: the file is larger than this system lets a process write \\(EFBIG\\); raise the file size limit \\(ulimit -f\\)\\n$`,
      ),
    );
    expect(readdirSync(snapshots)).toEqual([]);
    // Without the limit the same command succeeds: nothing was left half done.
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  });

  itAsOtherUser(
    "in a repository of another user: git's refusal keeps its reason; allowed, the state folder's EACCES is one line",
    () => {
      const repo = makeTodoRepo();
      chmodSync(repo.root, 0o755);
      const home = makeDir('culprit-home-');
      chmodSync(home, 0o777);
      const env = { HOME: home, GIT_CONFIG_GLOBAL: '/dev/null', CI: 'true' };
      const refused = runAsOtherUser([process.execPath, cliPath, 'check'], {
        cwd: repo.root,
        env,
        readEverything: true,
      });
      expect(refused.status).toBe(2);
      expectOneLine(
        refused.stderr,
        new RegExp(
          `^culprit: git rev-parse failed in ${repo.root}: detected dubious ownership in repository at '${repo.root}' To add an exception for this directory, call: git config --global --add safe\\.directory ${repo.root}\\n$`,
        ),
      );
      expect(refused.stderr).not.toContain('not a git repository');

      const allowed = runAsOtherUser([process.execPath, cliPath, 'start'], {
        cwd: repo.root,
        env: { ...env, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'safe.directory', GIT_CONFIG_VALUE_0: '*' },
        readEverything: true,
      });
      expect(allowed.status).toBe(2);
      expectOneLine(
        allowed.stderr,
        new RegExp(
          `^culprit: cannot (mkdir|open) ${repo.root}/\\.git/\\S+: permission denied \\(EACCES\\); make it writable by the user culprit runs as, or run culprit as its owner\\n$`,
        ),
      );
      expect(statSync(repo.root).uid).not.toBe(otherUid);
    },
  );
});

interface FixJson extends JsonReport {
  fixes: unknown[];
  refused: { path: string; problem: string }[];
}

describe('culprit fix', () => {
  function makeFixRepo(): TestRepo {
    const repo = makeRepo({ typescript: false, eslint: '10', files: preferConstFiles });
    made.push(repo);
    repo.write('src/a.js', introducedLet);
    return repo;
  }

  it('refuses a read-only file: writes nothing, says so, and shows the findings', () => {
    const repo = makeFixRepo();
    chmodSync(join(repo.root, 'src/a.js'), 0o444);
    const text = runCli(repo.root, ['fix']);
    expect(text.exitCode, text.stderr).toBe(1);
    expect(text.stdout.split('\n')[0]).toBe(
      'culprit fix: wrote nothing, and left the 1 fix it found for you: src/a.js is read-only (mode 0444). Make it writable to let culprit fix it.',
    );
    expect(text.stdout).toContain('src/a.js:3:5 error prefer-const');
    expect(repo.read('src/a.js')).toBe(introducedLet);
    expect(statSync(join(repo.root, 'src/a.js')).mode & 0o777).toBe(0o444);

    const json = runCli(repo.root, ['fix', '--json']);
    const output = JSON.parse(json.stdout) as FixJson;
    expect({ fixes: output.fixes, refused: output.refused, verdict: output.verdict }).toEqual({
      fixes: [],
      refused: [{ path: 'src/a.js', problem: 'read-only' }],
      verdict: 'introduced',
    });
    // Nothing was written, so that check was the attempt; the same tree checked again repeats it.
    expect(output.attempt).toBe(1);
    expect(readdirSync(join(repo.root, 'src'))).toEqual(['a.js']);
  });

  itAsOtherUser('keeps the owner and mode of what it rewrites, and sweeps what a killed fix left', () => {
    const repo = makeFixRepo();
    const file = join(repo.root, 'src/a.js');
    chownSync(file, otherUid, otherUid);
    chmodSync(file, 0o640);
    // What a fix killed between writing and renaming left (its pid is gone).
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);
    writeFileSync(join(repo.root, 'src', `.a.js.culprit-${dead}-0badf00d.tmp`), 'half');
    const fix = runCli(repo.root, ['fix']);
    expect(fix.exitCode, fix.stderr).toBe(0);
    expect(repo.read('src/a.js')).toContain('const introduced = 2;');
    const stats = statSync(file);
    expect({ uid: stats.uid, gid: stats.gid, mode: stats.mode & 0o7777 }).toEqual({
      uid: otherUid,
      gid: otherUid,
      mode: 0o640,
    });
    expect(readdirSync(join(repo.root, 'src'))).toEqual(['a.js']);
  });
});
