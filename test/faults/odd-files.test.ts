/**
 * Odd files through real tsc and git: CRLF and BOM sources, binary files, a file with findings
 * deleted, file names with spaces, unicode and shell metacharacters (no name ever passes through
 * a shell), symbolic link loops among ignored files and packages, and a tsconfig that includes
 * files outside the repository. Nothing crashes, every path comes back as it is named, and
 * nothing outside the repository is written.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listTree } from '../checks/helpers.js';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

const shellNames = [
  'src/$(touch pwned).ts',
  'src/`touch pwned`.ts',
  `src/it's "quoted"; touch pwned.ts`,
  'src/with space.ts',
  'src/ünïcødé 名前.ts',
];

let repo: TestRepo;
let outside: string;

beforeAll(() => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "odd", "private": true, "type": "module" }',
      '.gitignore': 'node_modules/\ncache/\n',
      'src/crlf.ts': "export const a: number = 'crlf';\r\nexport const b = 1;\r\n",
      'src/bom.ts': "\uFEFFexport const c: number = 'bom';\n",
      'src/doomed.ts': "export const d: number = 'doomed';\n",
      ...Object.fromEntries(
        shellNames.map((name, index) => [name, `export const standing${index}: number = 'standing';\n`]),
      ),
    },
  });
  outside = `${repo.root}-outside`;
  mkdirSync(outside);
  writeFileSync(join(outside, 'shared.ts'), "export const shared: number = 'outside';\n");
  repo.write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: { lib: ['es2022'], strict: true, noEmit: true, types: [] },
      include: ['src', `../${basename(outside)}/*.ts`],
    }),
  );
  writeFileSync(
    join(repo.root, 'src', 'logo.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xfe]),
  );
  repo.commit('odd files');
  // Ignored symbolic link loops, in the work tree and among installed packages: the base copy links them.
  mkdirSync(join(repo.root, 'cache'));
  symlinkSync('.', join(repo.root, 'cache', 'loop'));
  symlinkSync('self', join(repo.root, 'cache', 'self'));
  symlinkSync('../node_modules', join(repo.root, 'node_modules', 'again'));
  symlinkSync('dangling-loop', join(repo.root, 'node_modules', 'dangling-loop'));
});

afterAll(() => {
  repo.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

function findPwned(): string[] {
  return [repo.root, join(repo.root, 'src'), process.cwd(), outside].filter((dir) => existsSync(join(dir, 'pwned')));
}

test('odd sources and names: attribution is right, paths are exact, no shell ever runs', () => {
  const outsideTree = listTree(outside);
  const start = runCli(repo.root, ['start', '--json']);
  expect(start.exitCode, start.stderr).toBe(0);
  expect(JSON.parse(start.stdout)).toMatchObject({ complete: true, findings: 3 + shellNames.length + 1 });

  // Unrelated lines above every standing finding, one new finding per odd name, a deleted file, a move.
  repo.write(
    'src/crlf.ts',
    "// moved down\r\nexport const a: number = 'crlf';\r\nexport const b = 1;\r\nexport const e: string = 2;\r\n",
  );
  repo.write('src/bom.ts', "\uFEFF// moved down\nexport const c: number = 'bom';\n");
  repo.remove('src/doomed.ts');
  const edited = shellNames.filter((name) => name !== 'src/with space.ts');
  for (const [index, name] of edited.entries()) {
    repo.write(
      name,
      `// moved down\nexport const standing${shellNames.indexOf(name)}: number = 'standing';\nexport const fresh${index}: boolean = ${index};\n`,
    );
  }
  repo.move('src/with space.ts', 'src/moved dir/with space.ts');

  const { exitCode, report, stderr } = checkJson(repo.root, ['--max-files', '9']);
  expect(exitCode, stderr).toBe(1);
  expect(report.counts).toEqual({
    introduced: 1 + edited.length,
    resolved: 1,
    standing: 2 + shellNames.length + 1,
    reworded: 0,
    reanchored: 0,
    silenced: 0,
  });
  expect(report.shown.map((finding) => finding.path).sort()).toEqual(['src/crlf.ts', ...edited].sort());
  // The same tree again is the same attempt, also in the text format; counted anyway, it is stuck.
  expect(runCli(repo.root, ['check']).exitCode).toBe(1);
  expect(runCli(repo.root, ['check', '--no-once-per-tree']).exitCode).toBe(3);

  expect(findPwned()).toEqual([]);
  expect(listTree(outside)).toEqual(outsideTree);
});

test('against HEAD, in a base copy with the link loops, nothing crashes and nothing outside is written', () => {
  const outsideTree = listTree(outside);
  // The tree holds the edits of the test before: against HEAD they are introduced.
  const result = runCli(repo.root, ['check', '--base', 'HEAD', '--json']);
  expect(result.exitCode, result.stderr).toBe(1);
  const report = JSON.parse(result.stdout) as { verdict: string; checks: { status: string }[] };
  expect(report.verdict).toBe('introduced');
  expect(report.checks.map((check) => check.status)).toEqual(['ok']);
  expect(findPwned()).toEqual([]);
  expect(listTree(outside)).toEqual(outsideTree);
  expect(readdirSync(join(repo.root, '.git', 'culprit', 'tmp'))).toEqual([]);
});
