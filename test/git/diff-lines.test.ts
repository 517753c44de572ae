/**
 * Line maps from real git: the hunks of the files asked for between two trees, a renamed file's
 * two paths paired, and no map where git diffs no text (a binary file, a file that became a
 * symbolic link) or for a path whose name looks like a pattern.
 */
import { afterEach, expect, test } from 'vitest';
import { findRepository, type Repository } from '../../src/git/git.js';
import { readLineMaps } from '../../src/git/diff-lines.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const tree = (at: TestRepo) => at.git('write-tree').trim();

async function findRepo(at: TestRepo): Promise<Repository> {
  const found = await findRepository(at.root);
  if (found === null) throw new Error(`${at.root} is not a git repository`);
  return found;
}

test('gives each file asked for the hunks of its diff, by its current path', async () => {
  const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1};`).join('\n') + '\n';
  repo = makeRepo({
    typescript: false,
    files: {
      'src/edited.ts': lines(10),
      'src/moved.ts': lines(12),
      'src/[id].ts': lines(3),
      'src/untouched.ts': lines(3),
      'src/blob.bin': 'bin\0ary\n',
      'src/quote"d.ts': lines(2),
    },
  });
  repo.git('add', '-A');
  const base = tree(repo);
  repo.write('src/edited.ts', lines(10).replace('line 3;', 'line 3 ?? 0;').replace('line 7;\n', 'line 7;\nadded;\n'));
  repo.move('src/moved.ts', 'lib/moved.ts');
  repo.write('lib/moved.ts', lines(12).replace('line 5;', 'line 5,\n  split;'));
  repo.write('src/[id].ts', lines(3).replace('line 1;\n', ''));
  repo.write('src/blob.bin', 'bin\0arz\n');
  repo.write('src/quote"d.ts', lines(2).replace('line 2;', 'line two;'));
  repo.git('add', '-A');
  const current = tree(repo);

  const maps = await readLineMaps(await findRepo(repo), base, current, [
    'src/edited.ts',
    'src/moved.ts',
    'lib/moved.ts',
    'src/[id].ts',
    'src/blob.bin',
    'src/quote"d.ts',
  ]);
  expect(Object.fromEntries(maps.map((map) => [map.to, map]))).toEqual({
    'src/edited.ts': {
      from: 'src/edited.ts',
      to: 'src/edited.ts',
      hunks: [
        { oldStart: 3, oldCount: 1, newStart: 3, newCount: 1 },
        { oldStart: 7, oldCount: 0, newStart: 8, newCount: 1 },
      ],
    },
    'lib/moved.ts': {
      from: 'src/moved.ts',
      to: 'lib/moved.ts',
      hunks: [{ oldStart: 5, oldCount: 1, newStart: 5, newCount: 2 }],
    },
    'src/[id].ts': {
      from: 'src/[id].ts',
      to: 'src/[id].ts',
      hunks: [{ oldStart: 1, oldCount: 1, newStart: 0, newCount: 0 }],
    },
    'src/quote"d.ts': {
      from: 'src/quote"d.ts',
      to: 'src/quote"d.ts',
      hunks: [{ oldStart: 2, oldCount: 1, newStart: 2, newCount: 1 }],
    },
  });
});

test('a file that became a symbolic link, or the same tree, gives no map and no error', async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'one;\n', 'b.ts': 'two;\n' } });
  repo.git('add', '-A');
  const base = tree(repo);
  repo.remove('a.ts');
  repo.git('add', '-A');
  repo.git('update-index', '--add', '--cacheinfo', `120000,${repo.git('hash-object', '-w', '--stdin').trim()},a.ts`);
  const current = tree(repo);
  const found = await findRepo(repo);
  expect(await readLineMaps(found, base, current, ['a.ts'])).toEqual([]);
  expect(await readLineMaps(found, base, base, ['b.ts'])).toEqual([]);
});
