/**
 * Any bytes as tool output give a result or a clear error, never a crash. Every parser of tool
 * output is fed random text, random JSON and structurally plausible documents with random field
 * types; each either returns well-formed diagnostics or throws an Error whose one-line message
 * says what was wrong (never a TypeError or RangeError from deep inside). Diagnostics are checked
 * as culprit keeps them: after `normalizeDiagnostic`, which every check run goes through.
 */
import fc from 'fast-check';
import type { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { parseCargoMessages } from '../../src/checks/cargo/messages.js';
import { makeEslintDiagnostic } from '../../src/checks/eslint/messages.js';
import { makeLineMap } from '../../src/checks/output/line-map.js';
import { parseMypyOutput } from '../../src/checks/mypy/output.js';
import { parsePyrightReport } from '../../src/checks/pyright/report.js';
import { parseRuffOutput } from '../../src/checks/ruff/output.js';
import { parseSarifLog } from '../../src/checks/output/sarif-log.js';
import { recountColumn } from '../../src/checks/output/source-columns.js';
import { parseOxlintSarif } from '../../src/checks/oxlint/output.js';
import { parseBiomeSarif } from '../../src/checks/biome/output.js';
import { makeNativeDiagnostic } from '../../src/checks/tsc/native-diagnostics.js';
import type { NativeDiagnostic } from '../../src/checks/typescript/native-api.js';
import { normalizeDiagnostic } from '../../src/checks/output/normalize-diagnostic.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { parseNameStatus } from '../../src/git/diff-trees.js';

const runs = { numRuns: 1000 };
const toRepoPath = (absolute: string) => absolute.replace(/^\/repo\//, '');

/** A well-formed diagnostic: what everything downstream of the adapters relies on. */
function expectWellFormed(diagnostic: Diagnostic): void {
  expect(typeof diagnostic.tool).toBe('string');
  expect(typeof diagnostic.code).toBe('string');
  expect(typeof diagnostic.message).toBe('string');
  expect(['error', 'warning']).toContain(diagnostic.severity);
  expect(['config', 'syntax', 'semantic', 'lint']).toContain(diagnostic.phase);
  expect(diagnostic.path === null || typeof diagnostic.path === 'string').toBe(true);
  for (const position of [diagnostic.line, diagnostic.column, diagnostic.endLine ?? 0, diagnostic.endColumn ?? 0]) {
    expect(Number.isSafeInteger(position) && position >= 0, JSON.stringify(diagnostic)).toBe(true);
  }
  if (diagnostic.path === null) expect([diagnostic.line, diagnostic.column]).toEqual([0, 0]);
}

/** Runs `parse`; a throw must be a plain Error with a one-line message, never a crash. */
function expectResultOrClearError(parse: () => readonly Diagnostic[]): void {
  let diagnostics: readonly Diagnostic[];
  try {
    diagnostics = parse();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name, (error as Error).stack).toBe('Error');
    expect((error as Error).message).toMatch(/^\S[^\n]*$/);
    return;
  }
  for (const diagnostic of diagnostics) expectWellFormed(normalizeDiagnostic(diagnostic));
}

/** Text as a tool might garble it: random unicode, control bytes, or bytes decoded as UTF-8. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
  fc.json({ maxDepth: 4 }),
);
const anyValue = fc.oneof(
  fc.constantFrom(null, true, -1, 0, 1.5, 1e300, -0, '', 'x', [], {}),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Either a plausible value or anything at all, so each field's type is fuzzed too. */
const maybe = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });
const position = fc.integer({ min: -3, max: 1_000_000 });
/** An object whose keys may be absent, except `required` (what the format needs to be read at all). */
const record = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }, required: (keyof T)[] = []) =>
  fc.record(shape, { requiredKeys: required });

type Wrap = <T>(plausible: fc.Arbitrary<T>) => fc.Arbitrary<unknown>;

/** A SARIF log whose values are fuzzed; wrapped in `maybe`, its field types are too. */
function makeSarifLog(wrap: Wrap): fc.Arbitrary<unknown> {
  const uri = fc.constantFrom('src/a.js', 'file:///repo/b.js', '%E0%A4%A', 'http://x/y', '../out.js', '');
  const baseId = fc.constantFrom('SRC', '%SRCROOT%');
  const region = record({
    startLine: wrap(position),
    startColumn: wrap(position),
    endLine: wrap(position),
    endColumn: wrap(position),
  });
  const location = record({
    physicalLocation: wrap(
      record({
        artifactLocation: wrap(
          record({ uri: wrap(uri), uriBaseId: wrap(baseId), index: wrap(fc.integer({ min: -2, max: 3 })) }),
        ),
        region: wrap(region),
      }),
    ),
  });
  const message = record({
    text: wrap(fc.string()),
    id: wrap(fc.constantFrom('default', 'm')),
    arguments: wrap(fc.array(fc.string(), { maxLength: 3 })),
  });
  const result = record(
    {
      ruleId: wrap(fc.string({ maxLength: 10 })),
      ruleIndex: wrap(fc.integer({ min: -2, max: 3 })),
      level: wrap(fc.constantFrom('error', 'warning', 'note', 'none')),
      kind: wrap(fc.constantFrom('fail', 'pass', 'open')),
      message: wrap(message),
      locations: wrap(fc.array(location, { maxLength: 2 })),
      suppressions: wrap(fc.array(record({ status: wrap(fc.constantFrom('accepted', 'rejected')) }), { maxLength: 2 })),
    },
    ['message'],
  );
  const rule = record({
    id: wrap(fc.string({ maxLength: 5 })),
    messageStrings: wrap(fc.dictionary(fc.string({ maxLength: 5 }), record({ text: wrap(fc.string()) }))),
  });
  const driver = record(
    {
      name: wrap(fc.string({ maxLength: 8 })),
      version: wrap(fc.string({ maxLength: 5 })),
      rules: wrap(fc.array(rule, { maxLength: 3 })),
    },
    ['name'],
  );
  const run = record(
    {
      tool: wrap(record({ driver: wrap(driver) }, ['driver'])),
      results: wrap(fc.array(result, { maxLength: 4 })),
      artifacts: wrap(
        fc.array(
          record({
            location: wrap(record({ uri: wrap(fc.string({ maxLength: 10 })) })),
            roles: wrap(fc.array(fc.constantFrom('analysisTarget', 'resultFile'), { maxLength: 2 })),
          }),
          { maxLength: 3 },
        ),
      ),
      invocations: wrap(
        fc.array(
          record({
            executionSuccessful: wrap(fc.boolean()),
            toolExecutionNotifications: wrap(
              fc.array(record({ level: wrap(fc.constantFrom('error', 'warning')), message: wrap(message) }), {
                maxLength: 2,
              }),
            ),
          }),
          { maxLength: 2 },
        ),
      ),
      originalUriBaseIds: wrap(
        fc.dictionary(
          baseId,
          record({ uri: wrap(fc.constantFrom('file:///repo/', 'sub/', 'http://h/')), uriBaseId: wrap(baseId) }),
        ),
      ),
    },
    ['tool'],
  );
  return record({ version: wrap(fc.constant('2.1.0')), runs: wrap(fc.array(run, { maxLength: 3 })) }, [
    'version',
    'runs',
  ]);
}

describe('SARIF logs', () => {
  const context = { root: '/repo', toRepoPath, phase: 'lint' as const };

  it('any text', () => {
    fc.assert(
      fc.property(anyText, (text) => expectResultOrClearError(() => parseSarifLog(text, context).diagnostics)),
      runs,
    );
  });

  it('logs with any values, and with fields of any type', () => {
    let found = 0;
    const logs = fc.oneof(
      makeSarifLog((plausible) => plausible),
      makeSarifLog(maybe),
    );
    fc.assert(
      fc.property(logs, (log) =>
        expectResultOrClearError(() => {
          const { diagnostics, failures, analyzed } = parseSarifLog(JSON.stringify(log), context);
          found += diagnostics.length;
          // The run's own failure signals are one line each; its coverage is paths.
          for (const failure of failures) expect(failure).toMatch(/^[^\n]*$/);
          for (const path of analyzed ?? []) expect(typeof path).toBe('string');
          return diagnostics;
        }),
      ),
      runs,
    );
    // The generator does reach the results, not only the log's outer checks.
    expect(found).toBeGreaterThan(0);
  });

  it("oxlint's and Biome's logs, their rule ids and columns read their own way", () => {
    const logs = fc.oneof(
      makeSarifLog((plausible) => plausible),
      makeSarifLog(maybe),
    );
    fc.assert(
      fc.property(logs, fc.constantFrom(parseOxlintSarif, parseBiomeSarif), (log, parse) =>
        expectResultOrClearError(() => parse(JSON.stringify(log), '/repo').diagnostics),
      ),
      runs,
    );
  });

  it('columns in bytes or code points recount to a column in UTF-16 code units on any line', () => {
    const column = fc.oneof(fc.integer({ min: -3, max: 400 }), fc.constant(Number.MAX_SAFE_INTEGER));
    const unit = fc.constantFrom('utf8-bytes' as const, 'code-points' as const);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), column, unit, (line, at, counted) => {
        const recounted = recountColumn(line, at, counted);
        expect(Number.isInteger(recounted)).toBe(true);
        // A character is at least as many bytes as UTF-16 code units, and at least one of each per code point.
        if (at <= 1) expect(recounted).toBe(at);
        else if (counted === 'utf8-bytes') expect(recounted >= 1 && recounted <= at).toBe(true);
        else expect(recounted >= at && recounted <= 2 * at).toBe(true);
      }),
      runs,
    );
  });
});

describe('pyright, mypy, ruff and cargo output', () => {
  const range = record({
    start: maybe(record({ line: maybe(position), character: maybe(position) })),
    end: maybe(record({ line: maybe(position), character: maybe(position) })),
  });
  const pyright = record({
    version: maybe(fc.string({ maxLength: 6 })),
    generalDiagnostics: maybe(
      fc.array(
        record({
          file: maybe(fc.constantFrom('/repo/a.py', '', 'rel.py')),
          severity: maybe(fc.constantFrom('error', 'warning', 'information', 'hint')),
          message: maybe(fc.string()),
          rule: maybe(fc.string({ maxLength: 8 })),
          range: maybe(range),
        }),
        { maxLength: 4 },
      ),
    ),
  });
  const mypyLine = record({
    file: maybe(fc.constantFrom('a.py', '/repo/b.py')),
    line: maybe(position),
    column: maybe(position),
    end_line: maybe(position),
    end_column: maybe(position),
    message: maybe(fc.string()),
    code: maybe(fc.string({ maxLength: 8 })),
    severity: maybe(fc.constantFrom('error', 'note', 'warning')),
  });
  const mypyText = fc
    .tuple(
      fc.constantFrom('a.py', 'dir/b c.py', ''),
      position,
      fc.option(position),
      fc.option(fc.tuple(position, position)),
      fc.constantFrom('error', 'warning', 'note'),
      fc.string({ maxLength: 30 }),
    )
    .map(
      ([file, line, column, end, severity, rest]) =>
        `${file}:${line}${column === null ? '' : `:${column}`}${end === null ? '' : `:${end[0]}:${end[1]}`}: ${severity}: ${rest}`,
    );
  const ruff = fc.array(
    record({
      code: maybe(fc.constantFrom('E999', 'F401', null)),
      filename: maybe(fc.constantFrom('/repo/a.py', 'b.py')),
      message: maybe(fc.string()),
      location: maybe(record({ row: maybe(position), column: maybe(position) })),
      end_location: maybe(fc.option(record({ row: maybe(position), column: maybe(position) }))),
    }),
    { maxLength: 4 },
  );
  const span = record({
    file_name: maybe(fc.constantFrom('src/lib.rs', '/rustc/x/core.rs', '../dep/src/a.rs', '<macro>')),
    is_primary: maybe(fc.boolean()),
    line_start: maybe(position),
    line_end: maybe(position),
    column_start: maybe(position),
    column_end: maybe(position),
    suggested_replacement: maybe(fc.option(fc.string({ maxLength: 10 }))),
  });
  const rustc = fc.letrec((tie) => ({
    message: record({
      message: maybe(fc.string({ maxLength: 40 })),
      code: maybe(fc.option(record({ code: maybe(fc.constantFrom('E0308', 'unused_variables', 'clippy::x')) }))),
      level: maybe(
        fc.constantFrom('error', 'warning', 'note', 'help', 'error: internal compiler error', 'failure-note'),
      ),
      spans: maybe(
        fc.array(
          fc.oneof(
            span,
            span.map((outer) => ({ ...outer, expansion: { span: { file_name: 'src/main.rs', line_start: 3 } } })),
          ),
          { maxLength: 3 },
        ),
      ),
      children: maybe(fc.array(tie('message'), { maxLength: 2 })),
    }),
  })).message;
  const cargoLine = record({
    reason: maybe(fc.constantFrom('compiler-message', 'compiler-artifact', 'build-finished')),
    package_id: maybe(fc.string({ maxLength: 8 })),
    target: maybe(record({ kind: maybe(fc.array(fc.constantFrom('lib', 'custom-build'))) })),
    message: maybe(rustc),
  });
  const lines = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc
      .array(
        fc.oneof(
          arbitrary.map((value) => JSON.stringify(value)),
          anyText,
        ),
        { maxLength: 5 },
      )
      .map((parts) => parts.join('\n'));

  it('pyright: any text, and reports with fields of any type', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          pyright.map((value) => JSON.stringify(value)),
        ),
        (text) => expectResultOrClearError(() => parsePyrightReport(text, toRepoPath).diagnostics),
      ),
      runs,
    );
  });

  it('mypy: JSON lines and text lines of any shape', () => {
    fc.assert(
      fc.property(lines(mypyLine), (text) => expectResultOrClearError(() => parseMypyOutput(text, 'json', toRepoPath))),
      runs,
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(mypyText, anyText), { maxLength: 5 }).map((parts) => parts.join('\n')),
        (text) => expectResultOrClearError(() => parseMypyOutput(text, 'text', toRepoPath)),
      ),
      runs,
    );
  });

  it('ruff: any text, and violation lists with fields of any type', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          ruff.map((value) => JSON.stringify(value)),
        ),
        (text) => expectResultOrClearError(() => parseRuffOutput(text, toRepoPath)),
      ),
      runs,
    );
  });

  it('cargo: message streams with fields of any type, mixed with any text', () => {
    const toSpanPath = (file: string) => (file.startsWith('/') ? `../${file}` : file);
    fc.assert(
      fc.property(lines(cargoLine), (text) =>
        expectResultOrClearError(() => parseCargoMessages(text, toSpanPath).diagnostics),
      ),
      runs,
    );
  });
});

describe('ESLint messages and TypeScript 7 diagnostics', () => {
  it('ESLint messages as the API types them, optional fields absent or not', () => {
    const message = fc.record(
      {
        ruleId: fc.option(fc.constantFrom('no-unused-vars', '@typescript-eslint/no-explicit-any', '')),
        severity: fc.constantFrom(0, 1, 2),
        fatal: fc.option(fc.boolean(), { nil: undefined }),
        message: fc.string(),
        line: fc.option(position, { nil: undefined }),
        column: fc.option(position, { nil: undefined }),
        endLine: fc.option(position, { nil: undefined }),
        endColumn: fc.option(position, { nil: undefined }),
      },
      { requiredKeys: ['ruleId', 'severity', 'message'] },
    );
    fc.assert(
      fc.property(message, (lint) =>
        expectResultOrClearError(() => [makeEslintDiagnostic(lint as Linter.LintMessage, 'src/a.ts')]),
      ),
      runs,
    );
  });

  it('TypeScript 7 diagnostics at any offsets, with any message chains, on any text', () => {
    const diagnostic: fc.Arbitrary<NativeDiagnostic> = fc.letrec<{ diagnostic: NativeDiagnostic }>((tie) => ({
      diagnostic: fc.record(
        {
          fileName: fc.option(fc.constantFrom('/repo/a.ts', '/repo/b.ts'), { nil: undefined }),
          pos: fc.integer({ min: -5, max: 500 }),
          end: fc.integer({ min: -5, max: 500 }),
          code: fc.nat(),
          category: fc.nat(3),
          text: fc.string(),
          messageChain: fc.option(fc.array(tie('diagnostic'), { maxLength: 2 }), { nil: undefined }),
        },
        { requiredKeys: ['pos', 'end', 'code', 'category', 'text'] },
      ),
    })).diagnostic;
    fc.assert(
      fc.property(diagnostic, fc.string({ unit: 'binary', maxLength: 200 }), (native, text) =>
        expectResultOrClearError(() => [makeNativeDiagnostic(native, 'semantic', toRepoPath, () => makeLineMap(text))]),
      ),
      runs,
    );
  });
});

describe('git name-status output', () => {
  it('any fields, statuses and separators give sets of paths', () => {
    const field = fc.oneof(
      fc.constantFrom('M', 'A', 'D', 'R100', 'C075', 'T', ''),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(field, { maxLength: 12 }), (fields) => {
        const changes = parseNameStatus(fields.join('\0'));
        for (const path of [
          ...changes.changed,
          ...changes.deleted,
          ...changes.renames.keys(),
          ...changes.renames.values(),
        ])
          expect(typeof path).toBe('string');
      }),
      runs,
    );
  });
});
