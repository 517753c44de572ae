import { describe, expect, it } from 'vitest';
import { selectDebtTargets, type DebtSelection } from '../../../src/core/debt/debt-targets.js';
import { decideDebtVerdict, makeDebtAttribution } from '../../../src/core/debt/debt-attribution.js';
import type { Finding } from '../../../src/core/diagnostic.js';
import type { EditabilityClassifier } from '../../../src/core/triage/non-editable.js';

function makeFinding(path: string | null, line: number, code = 'prefer-const', tool = 'eslint'): Finding {
  return {
    tool,
    code,
    severity: 'error',
    phase: 'lint',
    path,
    line,
    column: 1,
    message: `${code} at ${line}`,
    anchor: `line ${line}`,
    fingerprint: `${path}:${line}:${code}#1`,
  };
}

const editable: EditabilityClassifier = (path) =>
  path.startsWith('gen/') ? { editable: false, reason: 'generated' } : { editable: true };
const all: DebtSelection = { rules: [], paths: [], tool: undefined, max: 20 };
const at = (findings: readonly Finding[]) => findings.map((finding) => `${finding.path}:${finding.line}`);

describe('selectDebtTargets', () => {
  const findings = [
    makeFinding('a.ts', 1),
    makeFinding('a.ts', 2),
    makeFinding('a.ts', 3),
    makeFinding('b.ts', 1),
    makeFinding('b.ts', 2, 'no-var'),
    makeFinding('c.ts', 1, 'TS2322', 'tsc'),
    makeFinding('gen/api.ts', 1),
    makeFinding('types/env.d.ts', 1, 'no-var'),
    makeFinding(null, 0, 'TS5023', 'tsc'),
  ];

  it('never takes a non-editable file, a declaration file or a finding about no file', () => {
    expect(at(selectDebtTargets(findings, all, editable))).toEqual([
      'a.ts:1',
      'a.ts:2',
      'a.ts:3',
      'b.ts:1',
      'b.ts:2',
      'c.ts:1',
    ]);
  });

  it('ranks files by their findings and keeps each whole when it fits', () => {
    expect(at(selectDebtTargets(findings, { ...all, max: 4 }, editable))).toEqual([
      'a.ts:1',
      'a.ts:2',
      'a.ts:3',
      'c.ts:1',
    ]);
    expect(at(selectDebtTargets(findings, { ...all, max: 5 }, editable))).toEqual([
      'a.ts:1',
      'a.ts:2',
      'a.ts:3',
      'b.ts:1',
      'b.ts:2',
    ]);
  });

  it('takes the first findings of the largest file when no file fits whole', () => {
    const large = findings.filter((finding) => finding.path === 'a.ts' || finding.path === 'b.ts');
    expect(at(selectDebtTargets(large, { ...all, max: 1 }, editable))).toEqual(['a.ts:1']);
    expect(at(selectDebtTargets(findings, { ...all, max: 1 }, editable))).toEqual(['c.ts:1']);
  });

  it('narrows by rule, path and tool', () => {
    expect(at(selectDebtTargets(findings, { ...all, rules: ['no-var'] }, editable))).toEqual(['b.ts:2']);
    expect(at(selectDebtTargets(findings, { ...all, paths: ['b.*'] }, editable))).toEqual(['b.ts:1', 'b.ts:2']);
    expect(at(selectDebtTargets(findings, { ...all, tool: 'tsc' }, editable))).toEqual(['c.ts:1']);
  });
});

describe('makeDebtAttribution', () => {
  const target = makeFinding('a.ts', 1);
  const fixed = { ...makeFinding('a.ts', 2), lineDeleted: false };
  const other = makeFinding('b.ts', 1);
  const fresh = makeFinding('c.ts', 1);
  const targets = new Set([target.fingerprint, fixed.fingerprint]);

  it('shows remaining targets with what the campaign introduced, and hides other standing findings', () => {
    const debt = makeDebtAttribution(
      { introduced: [fresh], resolved: [fixed], standing: [other, target], reworded: [] },
      targets,
    );
    expect(at(debt.attribution.introduced)).toEqual(['a.ts:1', 'c.ts:1']);
    expect(at(debt.attribution.standing)).toEqual(['b.ts:1']);
    expect(debt.targets).toEqual({ total: 2, resolved: 1, remaining: 1 });
    expect(debt.introduced).toBe(1);
    expect(debt.fixedByRule).toEqual({ 'prefer-const': 1 });
  });

  it('never calls a target it cannot find fixed, so the campaign is not clean', () => {
    // The target's file was renamed: it is neither standing under its old identity nor resolved.
    const debt = makeDebtAttribution({ introduced: [], resolved: [fixed], standing: [other], reworded: [] }, targets);
    expect(debt.targets).toEqual({ total: 2, resolved: 1, remaining: 1 });
    expect(decideDebtVerdict('clean', debt.targets)).toBe('introduced');
    expect(decideDebtVerdict('clean', { total: 2, resolved: 2, remaining: 0 })).toBe('clean');
    expect(decideDebtVerdict('stuck', debt.targets)).toBe('stuck');
  });
});
