import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { renderUnifiedDiff } from '../../src/render/unified-diff.js';

const dir = mkdtempSync(join(tmpdir(), 'culprit-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Applies a diff with git as a user would, and returns the file's new text. */
function applyWithGit(before: string, diff: string): string {
  writeFileSync(join(dir, 'file.ts'), before);
  writeFileSync(join(dir, 'change.diff'), diff);
  execFileSync('git', ['apply', '--unidiff-zero', 'change.diff'], { cwd: dir, stdio: 'pipe' });
  return readFileSync(join(dir, 'file.ts'), 'utf8');
}

test('a diff of one changed line has three lines of context each side', () => {
  const before = ['a', 'b', 'c', 'd', 'let x = 1;', 'e', 'f', 'g', 'h', ''].join('\n');
  const after = before.replace('let x', 'const x');
  expect(renderUnifiedDiff('src/a.ts', before, after)).toBe(
    [
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '@@ -2,7 +2,7 @@',
      ' b',
      ' c',
      ' d',
      '-let x = 1;',
      '+const x = 1;',
      ' e',
      ' f',
      ' g',
      '',
    ].join('\n'),
  );
  expect(renderUnifiedDiff('src/a.ts', before, before)).toBe('');
});

test('git applies every diff it prints, giving the new text', () => {
  const line = fc.constantFrom('a', 'b', 'c', 'let x = 1;', '', '}');
  const text = fc
    .tuple(fc.array(line, { maxLength: 30 }), fc.boolean())
    .map(([lines, newline]) => (lines.length === 0 ? '' : lines.join('\n') + (newline ? '\n' : '')));
  fc.assert(
    fc.property(text, text, (before, after) => {
      const diff = renderUnifiedDiff('file.ts', before, after);
      if (before === after) return diff === '';
      expect(applyWithGit(before, diff)).toBe(after);
      return true;
    }),
    { numRuns: 150 },
  );
});
