/**
 * A culprit-baseline.json written before union members were sorted: its entries for messages that
 * name a union in unsorted order hold the old identity; the gate must keep passing on it.
 */
import { describe, expect, test } from 'vitest';
import { parseRatchetFile } from '../../src/config/ratchet-file.js';
import { makeGateReport } from '../../src/core/gate/gate-report.js';
import type { AnchoredDiagnostic } from '../../src/core/diagnostic.js';
import { hashFingerprint, normalizeMessageUnsorted } from '../../src/core/identity/fingerprint.js';
import { hashText } from '../../src/core/identity/hash-table.js';

const source = 'send(options.body);';
const printed = (union: string) => `Unsafe argument of type \`${union}\` assigned to a parameter of type \`string\`.`;

function finding(union: string): AnchoredDiagnostic {
  const code = '@typescript-eslint/no-unsafe-argument';
  return {
    tool: 'eslint',
    code,
    severity: 'error',
    phase: 'lint',
    path: 'src/a.ts',
    line: 2,
    column: 6,
    message: printed(union),
    anchor: source,
  };
}

/** The file as culprit 0.1.0 wrote it: the hash of the message with numbers and whitespace normalised only. */
function oldFile(message: string, extraEntry?: object): string {
  const code = '@typescript-eslint/no-unsafe-argument';
  const fingerprint = hashText(`eslint|${code}|src/a.ts|${normalizeMessageUnsorted(message)}|${source}`);
  const entries = [
    { fingerprint, count: 1, code, severity: 'error', message, source },
    ...(extraEntry === undefined ? [] : [extraEntry]),
  ];
  return JSON.stringify({ version: 1, checks: { eslint: { version: '10.0.1', files: { 'src/a.ts': entries } } } });
}

describe('an old baseline file', () => {
  test('still allows its findings, whichever order the union is printed in now', () => {
    const file = parseRatchetFile(oldFile(printed('string | URLSearchParams')));
    for (const union of ['string | URLSearchParams', 'URLSearchParams | string']) {
      const report = makeGateReport({
        file,
        fileName: 'culprit-baseline.json',
        runs: [{ name: 'eslint', status: 'ok', durationMs: 1, version: '10.0.1', diagnostics: [finding(union)] }],
        exists: () => true,
      });
      expect([report.verdict, report.counts]).toEqual(['pass', { new: 0, unchanged: 1, absent: 0, reanchored: 0 }]);
    }
    expect(file.checks.eslint?.files['src/a.ts']?.[0]?.fingerprint).toBe(
      hashFingerprint({
        tool: 'eslint',
        code: '@typescript-eslint/no-unsafe-argument',
        path: 'src/a.ts',
        message: printed('string | URLSearchParams'),
        anchor: source,
      }),
    );
  });

  test('keeps an entry whose hash is of neither scheme as it is written', () => {
    const file = parseRatchetFile(
      oldFile(printed('B | A'), {
        fingerprint: '0123456789abcdef',
        count: 1,
        code: 'x',
        severity: 'warning',
        message: "'B | A'",
        source: 'y',
      }),
    );
    expect(file.checks.eslint?.files['src/a.ts']?.map((entry) => entry.fingerprint)).toContain('0123456789abcdef');
  });
});
