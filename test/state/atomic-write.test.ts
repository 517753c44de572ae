/**
 * The atomic write: a file replaced whole, and what a writer killed with SIGKILL between writing
 * the temporary file and the rename left is removed by the next write of that file.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeFileAtomic } from '../../src/state/atomic-write.js';
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
