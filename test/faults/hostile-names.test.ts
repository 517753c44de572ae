/**
 * File names and messages are the repository's to choose, and text output is read in a
 * terminal: a name carrying an escape sequence (clear the screen, set the window title, ring
 * the bell) or a line break, and a finding whose message carries one, reach the text output as
 * visible `\u001b`-style escapes, never raw; JSON keeps the real name. A SARIF check (a
 * home-made TODO finder) reports them; the built CLI prints them.
 */
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { todoFiles } from '../fixtures/sarif-todos.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const escape = '\u001b[2J\u001b]0;owned\u0007';
const hostileName = `src/${escape}evil\rfile.js`;
// eslint-disable-next-line no-control-regex -- the test is about these characters
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

test('control characters in a file name and a message are escaped in text output, kept in JSON', () => {
  repo = makeRepo({ typescript: false, files: todoFiles });
  runCli(repo.root, ['start']);
  repo.write(hostileName, `export const x = 1; // TODO: ${escape}ring\u0007\n`);
  repo.write('src/line\nbreak.js', 'export const y = 2; // TODO: split\n');

  const text = runCli(repo.root, ['check']);
  expect(text.exitCode, text.stderr).toBe(1);
  expect(text.stdout).not.toMatch(raw);
  expect(text.stdout).toContain('src/\\u001b[2J\\u001b]0;owned\\u0007evil\\u000dfile.js:1:24 warning todo');
  expect(text.stdout).toContain('Unfinished work: \\u001b[2J\\u001b]0;owned\\u0007ring\\u0007');
  // A line break in a name does not start a line of its own.
  expect(text.stdout).toContain('src/line\\u000abreak.js:1:24 warning todo');
  expect(text.stdout.split('\n').some((line) => line.startsWith('break.js'))).toBe(false);

  const json = runCli(repo.root, ['check', '--json']);
  const paths = (JSON.parse(json.stdout) as { shown: { path: string }[] }).shown.map((finding) => finding.path).sort();
  expect(paths).toEqual(['src/line\nbreak.js', hostileName].sort());
});
