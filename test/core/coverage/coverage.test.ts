/**
 * The core of "clean means checked": the comparisons that turn a removed check, files no longer
 * checked, relaxed settings and suppression directives into findings, and hidden findings into
 * silenced ones. Pure data in and out; the CLI tests drive the same through real tools.
 */
import { describe, expect, it } from 'vitest';
import { attribute } from '../../../src/core/attribute.js';
import type { AnchoredDiagnostic } from '../../../src/core/diagnostic.js';
import type { TreeChanges } from '../../../src/core/snapshot.js';
import { listCoverageLoss } from '../../../src/core/coverage/coverage-loss.js';
import { listRemovedChecks } from '../../../src/core/coverage/removed-checks.js';
import { findSilenced } from '../../../src/core/coverage/silenced.js';
import { applyCoveragePolicy, holdPolicy, strictPolicy } from '../../../src/core/coverage/suppression-policy.js';
import { listWeakenings } from '../../../src/core/coverage/weakening.js';
import { listRatchetGrowth } from '../../../src/core/coverage/ratchet-growth.js';
import type { RatchetEntry, RatchetFile } from '../../../src/core/gate/ratchet-file.js';

function makeChanges(partial: Partial<TreeChanges> = {}): TreeChanges {
  return { changed: new Set(), deleted: new Set(), renames: new Map(), ...partial };
}

describe('removed checks', () => {
  it('names the deleted configuration, else culprit.config.json, else says it is not found', () => {
    const base = [
      { name: 'eslint', configFiles: ['eslint.config.js'] },
      { name: 'tsc', configFiles: ['tsconfig.json'] },
      { name: 'ruff', configFiles: ['pyproject.toml'] },
    ];
    const deleted = listRemovedChecks({
      base,
      current: [{ name: 'ruff' }],
      changes: makeChanges({ deleted: new Set(['eslint.config.js']), changed: new Set(['culprit.config.json']) }),
      configFile: 'culprit.config.json',
    });
    expect(deleted.map(({ tool, path, message, kind }) => ({ tool, path, message, kind }))).toEqual([
      {
        tool: 'eslint',
        path: 'eslint.config.js',
        message: 'eslint no longer runs: eslint.config.js was deleted',
        kind: 'check-removed',
      },
      {
        tool: 'tsc',
        path: 'culprit.config.json',
        message: 'tsc no longer runs: culprit.config.json changed',
        kind: 'check-removed',
      },
    ]);
    const unexplained = listRemovedChecks({
      base,
      current: [{ name: 'eslint' }, { name: 'tsc' }],
      changes: makeChanges(),
      configFile: 'culprit.config.json',
    });
    expect(unexplained.map((finding) => [finding.path, finding.message])).toEqual([
      ['pyproject.toml', 'ruff no longer runs: its configuration is no longer found'],
    ]);
  });
});

describe('coverage', () => {
  const base = {
    checkedPaths: ['src/a.ts', 'src/b.ts', 'src/old.ts', 'src/gone.ts'],
    configFiles: ['eslint.config.js'],
  };
  it('is a finding for each file still there that the run no longer checks, renamed files under their new name', () => {
    const lost = listCoverageLoss(
      base,
      { name: 'eslint', checkedPaths: ['src/a.ts', 'src/new.ts'], configFiles: ['eslint.config.js'] },
      makeChanges({
        changed: new Set(['eslint.config.js', 'src/new.ts']),
        deleted: new Set(['src/gone.ts']),
        renames: new Map([['src/old.ts', 'src/moved.ts']]),
      }),
    );
    expect(lost.map((finding) => [finding.path, finding.message, finding.kind])).toEqual([
      ['src/b.ts', 'no longer checked by eslint (eslint.config.js changed)', 'coverage'],
      ['src/moved.ts', 'no longer checked by eslint (eslint.config.js changed)', 'coverage'],
    ]);
  });

  it('is nothing when a side cannot say what it checked', () => {
    expect(listCoverageLoss({}, { name: 'eslint', checkedPaths: [] }, makeChanges())).toEqual([]);
  });

  it('of a partial run: a changed file it could not check is a finding, with why', () => {
    const partial = listCoverageLoss(
      { checkedPaths: ['a/src/lib.rs', 'b/src/lib.rs'] },
      {
        name: 'cargo',
        checkedPaths: ['a/src/lib.rs'],
        unchecked: [
          {
            paths: ['b/src/lib.rs', 'c/src/lib.rs'],
            reason: 'not checked by cargo: crate b depends on a, which failed to compile',
          },
        ],
      },
      makeChanges({ changed: new Set(['a/src/lib.rs', 'c/src/lib.rs']) }),
    );
    // b was checked at the baseline and is skipped now: it waits for a's failure, no finding of its own.
    expect(partial.map((finding) => [finding.path, finding.message])).toEqual([
      ['c/src/lib.rs', 'not checked by cargo: crate b depends on a, which failed to compile'],
    ]);
  });
});

describe('weakening', () => {
  it('is a setting whose level fell, per config file for a whole run', () => {
    const weakened = listWeakenings(
      {
        name: 'tsc',
        strength: [
          {
            source: 'tsconfig.json',
            settings: { strict: [1, 'true'], noImplicitAny: [1, 'true'], skipLibCheck: [1, 'false'] },
          },
        ],
      },
      {
        name: 'tsc',
        strength: [
          {
            source: 'tsconfig.json',
            settings: { strict: [1, 'true'], noImplicitAny: [0, 'false'], skipLibCheck: [0, 'true'] },
          },
        ],
      },
      new Map(),
      ['skipLibCheck'],
    );
    expect(weakened.map((finding) => [finding.path, finding.message])).toEqual([
      ['tsconfig.json', '`noImplicitAny` weakened from true to false'],
    ]);
  });

  it("sets a config file the run no longer reads against the ones it reads anew, and a kept one's against itself", () => {
    const scope = (source: string, strict: boolean) => ({
      source,
      settings: { strict: [strict ? 1 : 0, String(strict)] as [number, string] },
    });
    const weakened = (before: ReturnType<typeof scope>[], after: ReturnType<typeof scope>[]) =>
      listWeakenings({ name: 'tsc', strength: before }, { name: 'tsc', strength: after }, new Map()).map((finding) => [
        finding.path,
        finding.message,
      ]);
    // The check pointed at another tsconfig: its settings are the relaxed ones.
    expect(weakened([scope('tsconfig.json', true)], [scope('tsconfig.loose.json', false)])).toEqual([
      ['tsconfig.loose.json', '`strict` weakened from true to false'],
    ]);
    expect(weakened([scope('tsconfig.json', true)], [scope('tsconfig.strict.json', true)])).toEqual([]);
    // A project added beside a kept one is not set against it.
    expect(
      weakened([scope('tsconfig.json', true)], [scope('tsconfig.json', true), scope('tools/tsconfig.json', false)]),
    ).toEqual([]);
  });

  it('is one finding per change: settings relaxed alike in one file for the same files are named together', () => {
    const family = ['alwaysStrict', 'noImplicitAny', 'noImplicitThis', 'strictBindCallApply', 'strictNullChecks'];
    const settings = (level: number, value: string) =>
      Object.fromEntries(family.map((setting): [string, [number, string]] => [setting, [level, value]]));
    const tsc = listWeakenings(
      { name: 'tsc', strength: [{ source: 'tsconfig.json', settings: settings(1, 'true') }] },
      { name: 'tsc', strength: [{ source: 'tsconfig.json', settings: settings(0, 'false') }] },
      new Map(),
    );
    expect(tsc.map((finding) => finding.message)).toEqual([
      '`alwaysStrict`, `noImplicitAny`, `noImplicitThis`, `strictBindCallApply` and `strictNullChecks` weakened from true to false',
    ]);
    const rules = (entries: Record<string, [number, string]>) => [
      { source: 'eslint.config.js', files: ['src/a.js'], settings: entries },
    ];
    const eslint = listWeakenings(
      {
        name: 'eslint',
        strength: rules({ 'no-var': [2, 'error'], 'prefer-const': [2, 'error'], eqeqeq: [2, 'error'] }),
      },
      { name: 'eslint', strength: rules({ 'no-var': [0, 'off'], 'prefer-const': [0, 'off'], eqeqeq: [1, 'warn'] }) },
      new Map(),
    );
    expect(eslint.map((finding) => finding.message)).toEqual([
      '`eqeqeq` weakened from error to warn for src/a.js',
      '`no-var` and `prefer-const` weakened from error to off for src/a.js',
    ]);
  });

  it('pairs scopes over some files file by file, naming the files', () => {
    const rules = (preferConst: [number, string]) => ({
      'prefer-const': preferConst,
      'no-var': [2, 'error'] as [number, string],
    });
    const weakened = listWeakenings(
      {
        name: 'eslint',
        strength: [
          { source: 'eslint.config.js', files: ['src/a.js', 'src/b.js', 'legacy/c.js'], settings: rules([2, 'error']) },
        ],
      },
      {
        name: 'eslint',
        strength: [
          { source: 'eslint.config.js', files: ['src/a.js', 'src/b.js'], settings: rules([2, 'error']) },
          { source: 'eslint.config.js', files: ['legacy/c.js'], settings: { 'prefer-const': [0, 'off'] } },
        ],
      },
      new Map(),
      ['eslint:no-var'],
    );
    expect(weakened.map((finding) => finding.message)).toEqual([
      '`prefer-const` weakened from error to off for legacy/c.js',
    ]);
  });
});

describe('suppressions', () => {
  const directive = (line: number, message: string, extra: Partial<AnchoredDiagnostic> = {}): AnchoredDiagnostic => ({
    tool: 'eslint',
    code: message.split(' ')[0]!,
    severity: 'error',
    phase: 'lint',
    path: 'src/legs.ts',
    line,
    column: 1,
    message,
    anchor: `// ${message}`,
    kind: 'suppression',
    suppression: { codes: message.split(' ').slice(1), reason: '', from: line + 1, to: line + 1 },
    ...extra,
  });
  const preferConst = (line: number, anchor: string): AnchoredDiagnostic => ({
    tool: 'eslint',
    code: 'prefer-const',
    severity: 'error',
    phase: 'lint',
    path: 'src/legs.ts',
    line,
    column: 1,
    message: "'legs' is never reassigned. Use 'const' instead.",
    anchor,
  });

  it('the finding a new directive hides is silenced, not resolved; a standing directive moved with its code is nothing', () => {
    const lines = [
      '// eslint-disable-next-line no-var',
      'var x = 1;',
      '// eslint-disable-next-line prefer-const',
      'let legs = 4;',
    ];
    const before = [directive(1, 'eslint-disable-next-line no-var'), preferConst(2, 'let legs = 4;')];
    const after = [
      directive(1, 'eslint-disable-next-line no-var'),
      directive(3, 'eslint-disable-next-line prefer-const'),
    ];
    const { attribution, silenced } = findSilenced(attribute(before, after), (path) =>
      path === 'src/legs.ts' ? lines : undefined,
    );
    expect(attribution.introduced.map((finding) => finding.message)).toEqual(['eslint-disable-next-line prefer-const']);
    expect(attribution.resolved).toEqual([]);
    expect(attribution.standing.map((finding) => finding.message)).toEqual(['eslint-disable-next-line no-var']);
    expect(silenced).toEqual([
      expect.objectContaining({
        code: 'prefer-const',
        path: 'src/legs.ts',
        line: 4,
        by: attribution.introduced[0]!.fingerprint,
      }),
    ]);
  });

  it('uses what the tool says it hid, under any directive, and counts new findings hidden by a new one', () => {
    const lines = ['/* eslint-disable */', 'let legs = 4;', 'let arms = 2;'];
    const hidden = [
      { code: 'prefer-const', line: 2, column: 1, message: "'legs' is never reassigned. Use 'const' instead." },
      { code: 'prefer-const', line: 3, column: 1, message: "'arms' is never reassigned. Use 'const' instead." },
    ];
    const block = directive(1, 'eslint-disable', { suppression: { codes: [], reason: '', from: 1, to: 0, hidden } });
    const { attribution, silenced } = findSilenced(attribute([preferConst(1, 'let legs = 4;')], [block]), () => lines);
    expect(attribution.resolved).toEqual([]);
    expect(silenced.map((finding) => [finding.line, finding.base === undefined])).toEqual([
      [2, false],
      [3, true],
    ]);
  });

  it('a standing directive that now hides a finding the baseline showed (the code moved under it) counts as introduced', () => {
    const lines = ['/* eslint-disable prefer-const */', 'let legs = 4;'];
    const hidden = [
      { code: 'prefer-const', line: 2, column: 1, message: "'legs' is never reassigned. Use 'const' instead." },
    ];
    const standing = directive(1, 'eslint-disable prefer-const', {
      suppression: { codes: ['prefer-const'], reason: '', from: 1, to: 0 },
    });
    const { attribution, silenced } = findSilenced(
      attribute(
        [standing, preferConst(9, 'let legs = 4;')],
        [{ ...standing, suppression: { ...standing.suppression!, hidden } }],
      ),
      () => lines,
    );
    expect(attribution.introduced.map((finding) => finding.message)).toEqual(['eslint-disable prefer-const']);
    expect([attribution.standing, attribution.resolved]).toEqual([[], []]);
    expect(silenced).toHaveLength(1);
  });

  it('the policy: off leaves directives out, warning lowers them, an allowed reason accepts one', () => {
    const withReason = directive(3, 'eslint-disable-next-line prefer-const', {
      suppression: { codes: ['prefer-const'], reason: 'TICKET-12 legacy API', from: 4, to: 4 },
    });
    const plain = directive(1, 'eslint-disable-next-line no-var');
    const findings = [plain, withReason, preferConst(9, 'let x = 1;')];
    expect(applyCoveragePolicy(findings, strictPolicy).findings).toEqual(findings);
    expect(applyCoveragePolicy(findings, { ...strictPolicy, suppressions: 'off' }).findings).toEqual([findings[2]]);
    const allowed = applyCoveragePolicy(findings, { ...strictPolicy, allowSuppressionReason: /^TICKET-\d+/u });
    expect(allowed.findings).toEqual([plain, findings[2]]);
    expect(allowed.keep(['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(
      applyCoveragePolicy(findings, { ...strictPolicy, suppressions: 'warning' }).findings.map((f) => f.severity),
    ).toEqual(['warning', 'warning', 'error']);
  });
});

describe('holdPolicy', () => {
  const hold = (base: Partial<typeof strictPolicy>, current: Partial<typeof strictPolicy>) => {
    const held = holdPolicy({ ...strictPolicy, ...base }, { ...strictPolicy, ...current }, 'culprit.config.json');
    return { policy: held.policy, relaxed: held.relaxed.map((finding) => [finding.path, finding.message]) };
  };

  it("keeps the baseline's policy where the edit's is looser, each loosening a finding", () => {
    const { policy, relaxed } = hold(
      { allowWeakening: ['noUnusedLocals'] },
      { suppressions: 'off', allowSuppressionReason: /./u, allowWeakening: ['noUnusedLocals', 'eslint:no-console'] },
    );
    expect(policy.suppressions).toBe('error');
    expect(policy.allowSuppressionReason).toBeNull();
    expect(policy.allowWeakening).toEqual(['noUnusedLocals']);
    expect(relaxed).toEqual([
      ['culprit.config.json', '`suppressions` weakened from error to off'],
      ['culprit.config.json', '`allowSuppressionReason` weakened from unset to .'],
      ['culprit.config.json', '`allowWeakening` weakened from noUnusedLocals to noUnusedLocals, eslint:no-console'],
    ]);
  });

  it("takes the edit's where it is stricter, and of two reason patterns allows what both match", () => {
    const tightened = hold({ suppressions: 'warning', allowWeakening: ['a', 'b'] }, { allowWeakening: ['b'] });
    expect(tightened).toEqual({ policy: { ...strictPolicy, allowWeakening: ['b'] }, relaxed: [] });
    const { policy, relaxed } = hold({ allowSuppressionReason: /^TICKET-/u }, { allowSuppressionReason: /legacy/u });
    expect(relaxed).toEqual([]);
    expect(
      ['TICKET-1 legacy', 'TICKET-1', 'legacy'].map((reason) => policy.allowSuppressionReason?.test(reason)),
    ).toEqual([true, false, false]);
  });
});

describe('listRatchetGrowth', () => {
  const entry = (fingerprint: string, count = 1): RatchetEntry => ({
    fingerprint,
    count,
    code: 'prefer-const',
    severity: 'error',
    message: "'x' is never reassigned.",
    source: 'let x = 1;',
  });
  const ratchet = (files: Record<string, RatchetEntry[]>): RatchetFile => ({
    version: 1,
    checks: { eslint: { version: '10.0.0', files } },
  });

  it('names each entry added or allowed more often, and nothing for one taken out or moved in the file', () => {
    const before = ratchet({ 'a.js': [entry('0000000000000001'), entry('0000000000000002', 2)] });
    const after = ratchet({
      'a.js': [entry('0000000000000002', 3)],
      'b.js': [entry('0000000000000003')],
    });
    expect(listRatchetGrowth({ before, after }).map((finding) => [finding.code, finding.message])).toEqual([
      [
        'ratchet-entry',
        "eslint prefer-const in a.js added to culprit-baseline.json (2 → 3 times): 'x' is never reassigned.",
      ],
      ['ratchet-entry', "eslint prefer-const in b.js added to culprit-baseline.json: 'x' is never reassigned."],
    ]);
    expect(listRatchetGrowth({ before, after: ratchet({ 'a.js': [entry('0000000000000002')] }) })).toEqual([]);
    expect(listRatchetGrowth({ before, after: null })).toEqual([]);
    expect(listRatchetGrowth({ before: null, after: before })).toHaveLength(2);
  });

  it('is one finding when the edit left the file unreadable', () => {
    expect(listRatchetGrowth({ before: null, after: 'culprit-baseline.json: not JSON' })).toEqual([
      expect.objectContaining({
        kind: 'suppression',
        code: 'ratchet-unreadable',
        path: 'culprit-baseline.json',
        message: 'culprit-baseline.json no longer reads: culprit-baseline.json: not JSON',
      }),
    ]);
  });
});
