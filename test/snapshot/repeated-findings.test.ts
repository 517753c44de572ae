/**
 * oxlint with `typeCheck` reports TypeScript's own errors beside its lint findings: where a tsc
 * run of the same tree reports the same error, the linter's copy is dropped; where tsc did not
 * run to the end, the linter's copies are the only compiler errors and stay. Lint findings, and
 * compiler errors tsc does not report, are never dropped.
 */
import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../src/checks/check.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { dropRepeatedCompilerFindings } from '../../src/snapshot/repeated-findings.js';

const finding = (tool: string, code: string, line: number, phase: Diagnostic['phase'] = 'semantic'): Diagnostic => ({
  tool,
  code,
  severity: 'error',
  phase,
  path: 'src/first.ts',
  line,
  column: 14,
  message: `${code} at ${line}`,
});

const run = (name: string, diagnostics: Diagnostic[], status: CheckRun['status'] = 'ok'): CheckRun => ({
  name,
  status,
  durationMs: 1,
  version: '1',
  diagnostics,
});

describe('dropRepeatedCompilerFindings', () => {
  const oxlint = run('oxlint', [
    finding('oxlint', 'TS2322', 4),
    finding('oxlint', 'TS2339', 9),
    finding('oxlint', 'typescript/no-unsafe-return', 4, 'lint'),
  ]);

  it("drops the linter's copy of an error an ok tsc run reports at the same place, and keeps the rest", () => {
    const tsc = run('tsc', [finding('tsc', 'TS2322', 4)]);
    const [keptTsc, keptOxlint] = dropRepeatedCompilerFindings([tsc, oxlint]);
    expect(keptTsc).toBe(tsc);
    expect(keptOxlint!.diagnostics.map((d) => `${d.code}:${d.line}`)).toEqual([
      'TS2339:9',
      'typescript/no-unsafe-return:4',
    ]);
  });

  it('keeps every copy when tsc did not run to the end', () => {
    const failed = run('tsc', [finding('tsc', 'TS2322', 4)], 'timed-out');
    expect(dropRepeatedCompilerFindings([failed, oxlint])[1]).toBe(oxlint);
    expect(dropRepeatedCompilerFindings([oxlint])).toEqual([oxlint]);
  });
});
