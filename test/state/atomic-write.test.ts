/**
 * The atomic write: a file replaced whole, and what a writer killed with SIGKILL between writing
 * the temporary file and the rename left is removed by the next write of that file (of any file
 * in a work tree's folder); a read-only file is refused; a folder that moved since it was checked
 * stops the write. Owner and mode kept: test/faults/file-system.test.ts, through culprit fix.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { findWriteRefusal, writeFileAtomic } from '../../src/state/atomic-write.js';
import { projectRoot } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeDirectory = useTemporaryDirectories();

test('the temporary file of a write killed before its rename is removed by the next write', () => {
  const file = join(makeDirectory('culprit-atomic-'), 'sessions', 'tree.json');
  writeFileAtomic(file, '{"version":1}\n');
  const script = join(projectRoot, 'test', 'state', 'fixtures', 'die-mid-write.ts');
  const killed = spawnSync(process.execPath, ['--import', 'tsx', script, file], { cwd: projectRoot, encoding: 'utf8' });
  expect(killed.signal).toBe('SIGKILL');
  expect(readdirSync(join(file, '..'))).toHaveLength(2);
  expect(readFileSync(file, 'utf8')).toBe('{"version":1}\n');

  writeFileAtomic(file, '{"version":2}\n');
  expect(readdirSync(join(file, '..'))).toEqual(['tree.json']);
  expect(readFileSync(file, 'utf8')).toBe('{"version":2}\n');
});

test('a read-only file is refused, not replaced; a new file is written with the usual mode', () => {
  const dir = makeDirectory('culprit-atomic-');
  const file = join(dir, 'state.json');
  writeFileSync(file, 'old\n');
  chmodSync(file, 0o444);
  expect(() => writeFileAtomic(file, 'new\n')).toThrow(`${file} is read-only (mode 0444): culprit will not replace it`);
  expect(readFileSync(file, 'utf8')).toBe('old\n');
  expect(findWriteRefusal(file)).toEqual({ path: file, problem: 'read-only', mode: 0o444 });
  expect(findWriteRefusal(join(dir, 'absent.json'))).toBeUndefined();
  writeFileAtomic(join(dir, 'fresh.json'), '{}\n');
  // A new file's mode is what any file made here gets (the umask applied), not the read-only one's.
  writeFileSync(join(dir, 'plain.json'), '{}\n');
  expect(statSync(join(dir, 'fresh.json')).mode & 0o777).toBe(statSync(join(dir, 'plain.json')).mode & 0o777);
  expect(readdirSync(dir).sort()).toEqual(['fresh.json', 'plain.json', 'state.json']);
});

test("a folder that is no longer where it was checked stops the write before the rename; a work tree file's leftovers are swept", () => {
  const dir = makeDirectory('culprit-atomic-');
  const file = join(dir, 'a.js');
  writeFileSync(file, 'let a = 1;\n');
  expect(() => writeFileAtomic(file, 'const a = 1;\n', { inTree: true, realFolder: '/somewhere/else' })).toThrow(
    `${file}: its folder was moved or replaced by a link while culprit ran; nothing was written there`,
  );
  expect(readFileSync(file, 'utf8')).toBe('let a = 1;\n');
  expect(readdirSync(dir)).toEqual(['a.js']);

  const dead = Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
  );
  writeFileSync(join(dir, `.b.js.culprit-${dead}-0badf00d.tmp`), 'half');
  writeFileSync(join(dir, `.c.js.culprit-${process.ppid}-0badf00d.tmp`), 'a live writer');
  writeFileAtomic(file, 'const a = 1;\n', { inTree: true, realFolder: dir });
  expect(readFileSync(file, 'utf8')).toBe('const a = 1;\n');
  expect(readdirSync(dir).sort()).toEqual([`.c.js.culprit-${process.ppid}-0badf00d.tmp`, 'a.js']);
});
