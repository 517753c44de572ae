/**
 * cargo's `--message-format=json` stream as diagnostics: one JSON object per line, of which
 * `compiler-message` carries a rustc (or clippy) diagnostic and `compiler-artifact` says a
 * crate was checked. A finding is placed at its primary span; when that span is in code the
 * repository does not own (a macro from the standard library or a dependency), the macro
 * expansion is followed back to the call site in the repository.
 */
import type { Diagnostic, Phase } from '../../core/diagnostic.js';

export interface CargoMessages {
  diagnostics: Diagnostic[];
  /** Package ids cargo checked at least one target of (fresh or rebuilt). */
  checked: Set<string>;
  /** Package ids with an error-level finding. */
  failed: Set<string>;
}

interface Span {
  file_name?: string;
  is_primary?: boolean;
  line_start?: number;
  line_end?: number;
  column_start?: number;
  column_end?: number;
  suggested_replacement?: string | null;
  expansion?: { span?: Span } | null;
}

interface RustcMessage {
  message?: string;
  code?: { code?: string } | null;
  level?: string;
  spans?: Span[];
  children?: RustcMessage[];
}

interface CargoLine {
  reason?: string;
  package_id?: string;
  target?: { kind?: string[] };
  message?: RustcMessage;
}

/** A span's file as a repository path; paths starting with `../` are outside the repository. */
export type SpanPath = (fileName: string) => string;

const parseErrorPattern =
  /^(?:expected\b|unexpected\b|unclosed delimiter|mismatched closing delimiter|this file contains an unclosed delimiter|unterminated\b|unknown start of token|missing (?:condition|parameters|`fn`|`struct`)|found invalid character|invalid (?:character|suffix|digit|escape)|incorrect (?:close|unicode)|prefix `\w+` is unknown)/;

/**
 * Notes rustc adds to a lint's first occurrence in a crate only ("`#[warn(unused_variables)]`
 * on by default", "the lint level is defined here"): kept, they would change a finding's
 * identity whenever an earlier occurrence appears.
 */
const firstOccurrenceNote = /^(?:`#\[(?:warn|deny|forbid|expect)\(|the lint level is defined here)/;

export function parseCargoMessages(stdout: string, toSpanPath: SpanPath): CargoMessages {
  const result: CargoMessages = { diagnostics: [], checked: new Set(), failed: new Set() };
  for (const line of stdout.split(/\r?\n/)) {
    if (!line.startsWith('{')) continue;
    let parsed: CargoLine;
    try {
      parsed = readCargoLine(JSON.parse(line));
    } catch {
      continue;
    }
    if (
      parsed.reason === 'compiler-artifact' &&
      parsed.package_id !== undefined &&
      !(parsed.target?.kind ?? []).includes('custom-build')
    ) {
      result.checked.add(parsed.package_id);
    }
    if (parsed.reason !== 'compiler-message' || parsed.message === undefined) continue;
    const diagnostic = makeRustcDiagnostic(parsed.message, toSpanPath);
    if (diagnostic === null) continue;
    result.diagnostics.push(diagnostic);
    if (diagnostic.severity === 'error' && parsed.package_id !== undefined) result.failed.add(parsed.package_id);
  }
  return result;
}

export function makeRustcDiagnostic(message: RustcMessage, toSpanPath: SpanPath): Diagnostic | null {
  const severity = readSeverity(message.level);
  const text = message.message ?? '';
  if (severity === null || /^aborting due to\b|^\d+ warnings? emitted|generated \d+ warnings?\b/.test(text))
    return null;
  const code = message.code?.code ?? null;
  const diagnostic: Diagnostic = {
    tool: 'cargo',
    code: code ?? 'rustc',
    severity,
    phase: readPhase(code, text),
    path: null,
    line: 0,
    column: 0,
    message: [text.split('\n')[0]!.trimEnd(), ...readChildren(message.children ?? [])].join('\n'),
  };
  const located = locateSpan(message.spans ?? [], toSpanPath);
  if (located === null) return diagnostic;
  const { span, path } = located;
  diagnostic.path = path;
  diagnostic.line = span.line_start ?? 0;
  diagnostic.column = span.column_start ?? 0;
  if (span.line_end !== undefined) diagnostic.endLine = span.line_end;
  if (span.column_end !== undefined) diagnostic.endColumn = span.column_end;
  return diagnostic;
}

function readSeverity(level: string | undefined): Diagnostic['severity'] | null {
  if (level === 'error' || level === 'error: internal compiler error') return 'error';
  if (level === 'warning') return 'warning';
  // note, help, failure-note: not findings of their own.
  return null;
}

/** E-codes are the compiler's own errors; other codes are lints (`unused_variables`, `clippy::…`). */
function readPhase(code: string | null, text: string): Phase {
  if (code === null) return parseErrorPattern.test(text) ? 'syntax' : 'semantic';
  return /^E\d{4}$/.test(code) ? 'semantic' : 'lint';
}

/** Help and notes, one line each: what rustc says right under the error ("available fields are: …"). */
function readChildren(children: readonly RustcMessage[]): string[] {
  const lines: string[] = [];
  for (const child of children) {
    const text = (child.message ?? '').split('\n')[0]!.trim();
    if (text === '' || firstOccurrenceNote.test(text) || (child.level !== 'note' && child.level !== 'help')) continue;
    const replacements = [
      ...new Set(
        (child.spans ?? []).flatMap((span) =>
          typeof span.suggested_replacement === 'string' ? [span.suggested_replacement] : [],
        ),
      ),
    ];
    const suggestion =
      replacements.length === 1 && !replacements[0]!.includes('\n') && replacements[0]!.length <= 80
        ? `: \`${replacements[0]}\``
        : '';
    lines.push(`  ${child.level}: ${text}${suggestion}`);
  }
  return lines;
}

/** The primary span, or the first place up its macro expansion chain that is in the repository. */
function locateSpan(spans: readonly Span[], toSpanPath: SpanPath): { span: Span; path: string } | null {
  const primary = spans.find((span) => span.is_primary === true) ?? spans[0];
  if (primary?.file_name === undefined) return null;
  let first: { span: Span; path: string } | null = null;
  for (let span: Span | undefined = primary; span !== undefined; span = span.expansion?.span) {
    if (span.file_name === undefined) continue;
    const path = toSpanPath(span.file_name);
    const candidate = { span, path };
    first ??= candidate;
    if (!path.startsWith('../') && !path.startsWith('<')) return candidate;
  }
  return first;
}

/**
 * A line of cargo's JSON as culprit reads it: a field of another type than cargo documents is
 * left out rather than trusted, so a garbled line is a line with less in it, never a crash.
 */
function readCargoLine(value: unknown): CargoLine {
  const line = asObject(value);
  return {
    reason: asString(line['reason']),
    package_id: asString(line['package_id']),
    target: {
      kind: asArray(asObject(line['target'])['kind']).filter((kind): kind is string => typeof kind === 'string'),
    },
    message: line['message'] === undefined ? undefined : readRustcMessage(line['message']),
  };
}

function readRustcMessage(value: unknown): RustcMessage {
  const message = asObject(value);
  return {
    message: asString(message['message']),
    code: { code: asString(asObject(message['code'])['code']) },
    level: asString(message['level']),
    spans: asArray(message['spans']).map(readSpan),
    children: asArray(message['children']).map(readRustcMessage),
  };
}

function readSpan(value: unknown): Span {
  const span = asObject(value);
  const number = (key: string) => (typeof span[key] === 'number' ? span[key] : undefined);
  const expansion = asObject(span['expansion']);
  return {
    file_name: asString(span['file_name']),
    is_primary: span['is_primary'] === true,
    line_start: number('line_start'),
    line_end: number('line_end'),
    column_start: number('column_start'),
    column_end: number('column_end'),
    suggested_replacement: asString(span['suggested_replacement']) ?? null,
    expansion: expansion['span'] === undefined ? null : { span: readSpan(expansion['span']) },
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
