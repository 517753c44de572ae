/**
 * The checked-in baseline and the gate on plain data: stable bytes, the ratchet by identity
 * (a fix and a break that cancel out still fail), counts, renames, and pruning that only shrinks.
 */
import { describe, expect, test } from 'vitest';
import { parseRatchetFile } from '../../../src/config/ratchet-file.js';
import { makeRatchetFile, serializeRatchetFile, type RatchetFile } from '../../../src/core/gate/ratchet-file.js';
import {
  listGateReanchorPaths,
  makeGateReport,
  type GateDiff,
  type GateReport,
} from '../../../src/core/gate/gate-report.js';
import type { LineMap } from '../../../src/core/identity/line-map.js';
import { pruneRatchetFile } from '../../../src/core/gate/prune-ratchet-file.js';
import type { AnchoredDiagnostic } from '../../../src/core/diagnostic.js';
import type { SnapshotCheck } from '../../../src/core/snapshot.js';

function lint(
  path: string | null,
  line: number,
  anchor: string,
  fields: Partial<AnchoredDiagnostic> = {},
): AnchoredDiagnostic {
  return {
    tool: 'eslint',
    code: 'no-explicit-any',
    severity: 'warning',
    phase: 'lint',
    path,
    line,
    column: 1,
    message: 'Unexpected any. Specify a different type.',
    anchor,
    ...fields,
  };
}

function run(diagnostics: AnchoredDiagnostic[], fields: Partial<SnapshotCheck> = {}): SnapshotCheck {
  return { name: 'eslint', status: 'ok', durationMs: 10, version: '10.0.0', diagnostics, ...fields };
}

function gate(file: RatchetFile, runs: SnapshotCheck[], existing: string[] = ['src/a.ts', 'src/b.ts']): GateReport {
  const present = new Set(existing);
  return makeGateReport({ file, fileName: 'culprit-baseline.json', runs, exists: (path) => present.has(path) });
}

const standing = [
  lint('src/a.ts', 3, 'let x: any;'),
  lint('src/a.ts', 9, 'let y: any;'),
  lint('src/b.ts', 1, 'export let z: any;'),
];

describe('the baseline file', () => {
  test('groups by check and file, counts repeats, and serialises to the same bytes whatever the input order', () => {
    const repeated = [...standing, lint('src/a.ts', 20, 'let x: any;')];
    const file = makeRatchetFile([run(repeated)]);
    const text = serializeRatchetFile(file);
    expect(serializeRatchetFile(makeRatchetFile([run([...repeated].reverse())]))).toBe(text);
    expect(serializeRatchetFile(parseRatchetFile(text))).toBe(text);
    const parsed = JSON.parse(text) as {
      checks: { eslint: { version: string; files: Record<string, { count: number; source: string }[]> } };
    };
    expect(Object.keys(parsed.checks.eslint.files)).toEqual(['src/a.ts', 'src/b.ts']);
    expect(parsed.checks.eslint.files['src/a.ts']?.map((entry) => [entry.source, entry.count])).toEqual([
      ['let x: any;', 2],
      ['let y: any;', 1],
    ]);
    expect(text.endsWith('}\n')).toBe(true);
  });

  test('a malformed file is rejected naming the field', () => {
    expect(() =>
      parseRatchetFile(
        '{ "version": 1, "checks": { "tsc": { "version": null, "files": { "a.ts": [{ "count": 0 }] } } } }',
      ),
    ).toThrow(/^culprit-baseline\.json: checks\.tsc\.files\.a\.ts\.0\.fingerprint: /);
    expect(() => parseRatchetFile('nope')).toThrow(/culprit-baseline\.json: not valid JSON/);
  });
});

describe('the gate', () => {
  const file = makeRatchetFile([run(standing)]);

  test('passes when every finding is allowed, wherever it moved within its file', () => {
    const moved = standing.map((finding) => ({ ...finding, line: finding.line + 40 }));
    const report = gate(file, [run(moved)]);
    expect(report.verdict).toBe('pass');
    expect(report.counts).toEqual({ new: 0, unchanged: 3, absent: 0, reanchored: 0 });
  });

  test('a fix and a break of the same rule in the same file do not cancel out', () => {
    const swapped = [lint('src/a.ts', 3, 'let x: any;'), lint('src/a.ts', 9, 'let w: any;'), standing[2]!];
    const report = gate(file, [run(swapped)]);
    expect(report.verdict).toBe('new-findings');
    expect(report.counts).toEqual({ new: 1, unchanged: 2, absent: 1, reanchored: 0 });
    expect(
      report.items.filter((item) => item.state !== 'unchanged').map((item) => [item.state, item.finding.anchor]),
    ).toEqual([
      ['new', 'let w: any;'],
      ['absent', 'let y: any;'],
    ]);
  });

  test('one more occurrence of an allowed identity is new; one fewer is absent', () => {
    const more = gate(file, [run([...standing, lint('src/a.ts', 30, 'let x: any;')])]);
    expect(more.items.filter((item) => item.state === 'new').map((item) => item.finding.fingerprint)).toEqual([
      expect.stringMatching(/#2$/),
    ]);
    const fewer = gate(file, [run(standing.slice(1))]);
    expect(fewer.verdict).toBe('stale-baseline');
    expect(
      fewer.items.filter((item) => item.state === 'absent').map((item) => [item.finding.path, item.finding.anchor]),
    ).toEqual([['src/a.ts', 'let x: any;']]);
  });

  test('a renamed file keeps its entries; a copy that keeps the original does not', () => {
    const renamed = standing.map((finding) =>
      finding.path === 'src/a.ts' ? { ...finding, path: 'src/lib/a2.ts' } : finding,
    );
    const report = gate(file, [run(renamed)], ['src/lib/a2.ts', 'src/b.ts']);
    expect(report.verdict).toBe('pass');
    expect(report.renames).toEqual([{ from: 'src/a.ts', to: 'src/lib/a2.ts' }]);
    expect(report.notes).toEqual([
      'src/a.ts was renamed to src/lib/a2.ts: its entries still apply; `culprit baseline --prune` records the new path',
    ]);

    const copied = gate(file, [run([...standing, ...renamed.slice(0, 2)])], ['src/a.ts', 'src/lib/a2.ts', 'src/b.ts']);
    expect(copied.verdict).toBe('new-findings');
    expect(copied.counts.new).toBe(2);
  });

  test('a failed check is no answer, and its entries are neither new nor absent', () => {
    const report = gate(file, [run([], { status: 'failed', error: 'boom', version: null })]);
    expect(report.verdict).toBe('check-failed');
    expect(report.counts).toEqual({ new: 0, unchanged: 0, absent: 0, reanchored: 0 });
  });
});

describe('pruning', () => {
  const tscRun = (message: string) => ({
    ...run([lint(null, 0, '', { tool: 'tsc', code: 'TS2554', message })]),
    name: 'tsc',
    version: '6.0.3',
  });
  const file = makeRatchetFile([run(standing), tscRun('Expected 2 arguments, but got 1.')]);

  test('only removes what no longer exists, never adds, and keeps the recorded text of what stays', () => {
    const current = [lint('src/a.ts', 3, 'let x: any;'), lint('src/b.ts', 5, 'let fresh: any;')];
    // The same identity (numbers are not part of it): the file keeps the message it recorded.
    const report = gate(file, [run(current), tscRun('Expected 3 arguments, but got 1.')]);
    const pruned = pruneRatchetFile(file, report);
    const before = JSON.parse(serializeRatchetFile(file)) as RatchetFile;
    const after = JSON.parse(serializeRatchetFile(pruned)) as RatchetFile;
    expect(after.checks['eslint']?.files).toEqual({ 'src/a.ts': [before.checks['eslint']!.files['src/a.ts']![0]] });
    expect(after.checks['tsc']).toEqual(before.checks['tsc']);
    expect(serializeRatchetFile(pruneRatchetFile(pruned, report))).toBe(serializeRatchetFile(pruned));
  });

  test('moves a renamed file\u2019s entries to the new path and drops checks no longer configured', () => {
    const renamed = standing.map((finding) =>
      finding.path === 'src/a.ts' ? { ...finding, path: 'src/lib/a2.ts' } : finding,
    );
    const report = gate(file, [run(renamed)], ['src/lib/a2.ts', 'src/b.ts']);
    const pruned = pruneRatchetFile(file, report);
    expect(Object.keys(pruned.checks)).toEqual(['eslint']);
    expect(serializeRatchetFile(pruned)).toBe(serializeRatchetFile(makeRatchetFile([run(renamed)])));
    expect(gate(pruned, [run(renamed)], ['src/lib/a2.ts', 'src/b.ts'])).toMatchObject({
      verdict: 'pass',
      renames: [],
      notes: [],
    });
  });
});

describe('entries followed through the diff from the file’s commit', () => {
  const commit = 'a'.repeat(40);
  const file = makeRatchetFile([run(standing)], commit);
  const atCommit = {
    'src/a.ts': ['', '', 'let x: any;', '', '', '', '', '', 'let y: any;'],
    'src/b.ts': ['export let z: any;'],
  };
  const mapped = (maps: LineMap[]): GateDiff => ({
    kind: 'mapped',
    maps: new Map(maps.map((map) => [map.from, map])),
    lines: new Map(Object.entries(atCommit)),
  });
  const editedLine3: LineMap = {
    from: 'src/a.ts',
    to: 'src/a.ts',
    hunks: [{ oldStart: 3, oldCount: 1, newStart: 3, newCount: 1 }],
  };
  const withDiff = (runs: SnapshotCheck[], diff: GateDiff, existing = ['src/a.ts', 'src/b.ts']) =>
    makeGateReport({
      file,
      fileName: 'culprit-baseline.json',
      runs,
      exists: (path) => existing.includes(path),
      diff,
    });

  test('an entry whose line was edited allows the finding on the line it became; one elsewhere stays new', () => {
    const current = [lint('src/a.ts', 3, 'let x: any = 1;'), standing[1]!, standing[2]!];
    expect(listGateReanchorPaths(gate(file, [run(current)]))).toEqual({
      entries: ['src/a.ts'],
      findings: ['src/a.ts'],
    });
    const report = withDiff([run(current)], mapped([editedLine3]));
    expect(report.verdict).toBe('pass');
    expect(report.counts).toEqual({ new: 0, unchanged: 3, absent: 0, reanchored: 1 });
    expect(report.items[0]).toMatchObject({
      state: 'unchanged',
      reanchoredFrom: { path: 'src/a.ts', fingerprint: file.checks['eslint']!.files['src/a.ts']![0]!.fingerprint },
    });
    // Pruned, the entry stays as written, and the file keeps its commit.
    const pruned = pruneRatchetFile(file, report);
    expect(serializeRatchetFile(pruned)).toBe(serializeRatchetFile(file));

    // The same finding on a line the edit did not make of line 3: new, and line 3's entry absent.
    const elsewhere = [lint('src/a.ts', 5, 'let w: any;'), standing[1]!, standing[2]!];
    const swapped = withDiff(
      [run(elsewhere)],
      mapped([
        {
          ...editedLine3,
          hunks: [
            { oldStart: 3, oldCount: 1, newStart: 3, newCount: 0 },
            { oldStart: 4, oldCount: 0, newStart: 5, newCount: 1 },
          ],
        },
      ]),
    );
    expect(swapped.counts).toEqual({ new: 1, unchanged: 2, absent: 1, reanchored: 0 });
  });

  test('a file renamed and edited since the commit keeps its entries, which prune moves to the new path', () => {
    const current = [
      lint('src/lib/a2.ts', 3, 'let x: any = 1;'),
      { ...standing[1]!, path: 'src/lib/a2.ts' },
      standing[2]!,
    ];
    const report = withDiff([run(current)], mapped([{ ...editedLine3, to: 'src/lib/a2.ts' }]), [
      'src/lib/a2.ts',
      'src/b.ts',
    ]);
    expect(report.verdict).toBe('pass');
    expect(report.counts).toEqual({ new: 0, unchanged: 3, absent: 0, reanchored: 1 });
    const pruned = pruneRatchetFile(file, report);
    expect(pruned.commit).toBe(commit);
    expect(Object.keys(pruned.checks['eslint']!.files)).toEqual(['src/b.ts', 'src/lib/a2.ts']);
    expect(pruned.checks['eslint']!.files['src/lib/a2.ts']!.map((entry) => [entry.source, entry.count])).toEqual([
      ['let x: any;', 1],
      ['let y: any;', 1],
    ]);
  });

  test('without the commit, or without one recorded, identity alone decides and a note says why', () => {
    const current = [lint('src/a.ts', 3, 'let x: any = 1;'), standing[1]!, standing[2]!];
    const missing = withDiff([run(current)], { kind: 'missing', commit });
    expect(missing.counts).toEqual({ new: 1, unchanged: 2, absent: 1, reanchored: 0 });
    expect(missing.notes).toEqual([
      `culprit-baseline.json was written at commit ${commit.slice(0, 12)}, which this clone does not have: a finding on a line edited since counts as new (fetch that commit, e.g. fetch-depth: 0, to match it through the diff)`,
    ]);
    expect(withDiff([run(current)], { kind: 'unrecorded' }).notes).toHaveLength(1);
  });
});

describe('the gate and how the code is checked', () => {
  const directive = lint('src/a.ts', 2, '// eslint-disable-next-line', {
    code: 'eslint-disable-next-line',
    severity: 'error',
    message: 'eslint-disable-next-line',
    kind: 'suppression',
    suppression: { codes: [], reason: '', from: 3, to: 3 },
  });

  test('a directive the file does not list fails it; a file written before directives were read leaves them out, and says so', () => {
    const file = makeRatchetFile([run(standing)]);
    expect(file.suppressions).toBe(true);
    const added = gate(file, [run([...standing, directive])]);
    expect([added.verdict, added.counts.new]).toEqual(['new-findings', 1]);
    const { suppressions: _recorded, ...older } = file;
    const before = gate(older, [run([...standing, directive])]);
    expect([before.verdict, before.counts.new]).toEqual(['pass', 0]);
    expect(before.notes).toContainEqual(expect.stringContaining('written before culprit read suppression directives'));
    // Written now, the directive is an entry and passes.
    expect(gate(makeRatchetFile([run([...standing, directive])]), [run([...standing, directive])]).verdict).toBe(
      'pass',
    );
  });

  test('a setting below the strength the file records is new; the policy may allow it', () => {
    const strict = { source: 'eslint.config.js', settings: { 'prefer-const': [2, 'error'] as [number, string] } };
    const file = makeRatchetFile([run(standing, { strength: [strict] })]);
    expect(serializeRatchetFile(file)).toContain('"prefer-const": [\n');
    const relaxed = [{ ...strict, settings: { 'prefer-const': [0, 'off'] as [number, string] } }];
    const weakened = makeGateReport({
      file,
      fileName: 'culprit-baseline.json',
      runs: [run(standing, { strength: relaxed })],
      exists: () => true,
    });
    expect(weakened.verdict).toBe('new-findings');
    expect(weakened.items.filter((item) => item.state === 'new').map((item) => item.finding.message)).toEqual([
      '`prefer-const` weakened from error to off',
    ]);
    const allowed = makeGateReport({
      file,
      fileName: 'culprit-baseline.json',
      runs: [run(standing, { strength: relaxed })],
      exists: () => true,
      policy: { suppressions: 'error', allowSuppressionReason: null, allowWeakening: ['eslint:prefer-const'] },
    });
    expect(allowed.verdict).toBe('pass');
  });
});
