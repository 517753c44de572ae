/**
 * A warm worker's replies as changes to its last reply: after a body edit a check's output
 * differs in one file, yet it describes the whole repository (on the bench's 800 files: 2,280
 * findings, and tsc's declaration table of every file, 0.5 MB as JSON, and its import edges),
 * which both processes would serialise, parse and normalise again on every check. The worker
 * sends, for each check:
 *
 * - the parts of the output kept per file (findings grouped by file, tsc's `imports` and
 *   `declarations`) as the files whose part changed since its last reply of that check, and the
 *   order of the files when it changed;
 * - the other fields of the output only when they changed (`checkedPaths`, `configFiles`,
 *   `strength`).
 *
 * The engine keeps the rest from the previous reply, the very objects, so what it derives from
 * them (normalised, anchored) can be kept by identity too (warm-engine.ts,
 * snapshot/source-cache.ts).
 *
 * Both sides count each check's replies; a delta names the count it builds on, and an engine
 * that did not apply that one (a reply lost with a killed worker) takes it as no answer: the
 * check runs cold and the worker is replaced, never answered from a stale reply.
 *
 * A check whose first request carries a seed (a run from the baseline: warm/seeds.ts) has both
 * sides take the seed's base run as the reply before the first (`prime`, from the same seed, so
 * alike): that first reply then sends only what differs from the baseline, not again every
 * unchanged file's findings and tables the engine sent the worker in the seed (on the bench,
 * tsc's ~0.6 MB answer of a cold check after a body edit, on its path).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { SeedRun } from '../checks/check-definition.js';
import type { CheckOutput } from '../core/check-run.js';
import type { WorkerReply } from '../checks/runner/worker-protocol.js';

/** Output fields kept per file: the findings (grouped by file), and tsc's import edges and declaration tables. */
const keyedFields = ['diagnostics', 'imports', 'declarations'] as const;
/** Output fields sent only when they changed. */
const wholeFields = ['checkedPaths', 'configFiles', 'strength'] as const;

type KeyedField = (typeof keyedFields)[number];
type WholeField = (typeof wholeFields)[number];

/** One keyed field's change: the parts that changed, and the order of its keys when that changed. */
export interface KeyedDelta {
  /** The keys in the output's order (`\0` for findings about no file); absent when the same as the last reply's. */
  order?: string[] | undefined;
  /** Each key whose part changed since `since` (pairs: a path is no object key). */
  changed: [key: string, part: unknown][];
}

/** What replaces the fields it names in a reply's output (sent empty or absent). */
export interface ReplyDelta {
  /** The reply of this check it builds on (0: none, every part is in `changed`). */
  since: number;
  /** This reply's number. */
  sequence: number;
  /** The keyed fields of the output, as changes. A field not named here is in the reply as it is. */
  keyed: Partial<Record<KeyedField, KeyedDelta>>;
  /** The whole fields equal to the last reply's, left out of the reply. */
  same: WholeField[];
}

const noFile = '\0';

/** What one side keeps of a check's last reply: each keyed field's parts in order, and each whole field. */
interface KeptReply {
  sequence: number;
  keyed: Partial<Record<KeyedField, KeptParts>>;
  /** Each whole field, and (the worker's side) its JSON. */
  whole: Partial<Record<WholeField, { value: unknown; text?: string | undefined }>>;
}

interface KeptParts {
  order: string[];
  /**
   * Each key's part, and (the worker's side) its JSON, which decides whether a part that is another
   * object changed; read when first needed (a primed part the run kept as the very object never is).
   */
  parts: Map<string, { value: unknown; text?: string | undefined }>;
  /**
   * The receiving side: the field as the last expanded output held it. A reply that changed none
   * of its parts gets this very object, so what the server derives from it (the module graph of
   * the imports) is kept rather than made again.
   */
  output?: unknown;
}

/** The seed's base run as the reply before the first (sequence 0): its findings by file, its imports and tables. */
function makePrimedReply(base: SeedRun): KeptReply {
  const kept: KeptReply = { sequence: 0, keyed: {}, whole: {} };
  const groups = groupByFile(base.diagnostics);
  const fields: Partial<Record<KeyedField, [string, unknown][] | undefined>> = {
    diagnostics: groups === undefined ? undefined : [...groups],
    imports: readEntries(base.imports),
    declarations: readEntries(base.declarations),
  };
  for (const field of keyedFields) {
    const entries = fields[field];
    if (entries === undefined) continue;
    kept.keyed[field] = {
      order: entries.map(([key]) => key),
      parts: new Map(entries.map(([key, value]) => [key, { value }])),
    };
  }
  return kept;
}

/** The worker's side: what it sent last of each check. */
export interface DeltaSender {
  /** Before the first reply of a check whose request carries a seed: its base run is the reply the first builds on. */
  prime(name: string, base: SeedRun): void;
  /** The reply to send in place of `reply`, and the delta beside it (none for a failed run, or findings not grouped by file). */
  compress(name: string, reply: WorkerReply): { reply: WorkerReply; delta?: ReplyDelta };
}

export function makeDeltaSender(): DeltaSender {
  const sent = new Map<string, KeptReply>();
  return {
    prime: (name, base) => void sent.set(name, makePrimedReply(base)),
    compress(name, reply) {
      const last = sent.get(name);
      const groups = reply.ok ? groupByFile(reply.output.diagnostics) : undefined;
      if (!reply.ok || groups === undefined) {
        // Sent whole: the next delta of this check builds on nothing.
        sent.delete(name);
        return { reply };
      }
      const kept: KeptReply = { sequence: (last?.sequence ?? 0) + 1, keyed: {}, whole: {} };
      const delta: ReplyDelta = { since: last?.sequence ?? 0, sequence: kept.sequence, keyed: {}, same: [] };
      const output: Record<string, unknown> = { ...reply.output };
      for (const field of keyedFields) {
        const entries = field === 'diagnostics' ? [...groups] : readEntries(reply.output[field]);
        if (entries === undefined) continue;
        const lastParts = last?.keyed[field];
        const parts: KeptParts = { order: entries.map(([key]) => key), parts: new Map() };
        const change: KeyedDelta = { changed: [] };
        for (const [key, value] of entries) {
          const before = lastParts?.parts.get(key);
          // The same object is the same part (a warm session keeps what no edit reached); another is compared as JSON.
          const same = before !== undefined && isSamePart(before.value, value);
          const text = same ? before.text : JSON.stringify(value);
          parts.parts.set(key, { value, text });
          if (before === undefined || (!same && text !== (before.text ??= JSON.stringify(before.value))))
            change.changed.push([key, value]);
        }
        if (lastParts === undefined || !isSameOrder(parts.order, lastParts.order)) change.order = parts.order;
        kept.keyed[field] = parts;
        delta.keyed[field] = change;
        output[field] = field === 'diagnostics' ? [] : undefined;
      }
      for (const field of wholeFields) {
        const value = reply.output[field];
        if (value === undefined) continue;
        const before = last?.whole[field];
        const text = before?.value === value ? before.text : JSON.stringify(value);
        kept.whole[field] = { value, text };
        if (before?.text !== text) continue;
        delta.same.push(field);
        output[field] = undefined;
      }
      sent.set(name, kept);
      return { reply: { ok: true, output: output as unknown as CheckOutput }, delta };
    },
  };
}

/** A record's entries, or undefined when the output has none. */
function readEntries(record: Record<string, unknown> | undefined): [string, unknown][] | undefined {
  return record === undefined ? undefined : Object.entries(record);
}

/**
 * Whether a part is the one sent last without reading it as JSON: the same object, or an array of
 * the same elements (a file's findings regrouped each run are the objects the session kept; its
 * imports are new arrays of the same strings).
 */
function isSamePart(before: unknown, value: unknown): boolean {
  if (before === value) return true;
  if (!Array.isArray(before) || !Array.isArray(value) || before.length !== value.length) return false;
  return before.every((element, index) => element === value[index]);
}

function isSameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/** Findings grouped by file in their order, or undefined when a file's findings are not together (the order could not be rebuilt). */
function groupByFile(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> | undefined {
  const groups = new Map<string, Diagnostic[]>();
  let previous: string | undefined;
  for (const diagnostic of diagnostics) {
    const key = diagnostic.path ?? noFile;
    if (key !== previous && groups.has(key)) return undefined;
    previous = key;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = []));
    group.push(diagnostic);
  }
  return groups;
}

/** The engine's side, one per worker: each check's last reply, kept as the worker sent it. */
export interface DeltaReceiver {
  /** When it sends a check's seed: its base run is the reply the first builds on, as on the worker's side. */
  prime(name: string, base: SeedRun): void;
  /** The whole reply, or undefined when the delta builds on a reply this side did not apply. */
  expand(name: string, reply: WorkerReply, delta: ReplyDelta | undefined): WorkerReply | undefined;
}

export function makeDeltaReceiver(): DeltaReceiver {
  const received = new Map<string, KeptReply>();
  return {
    prime: (name, base) => void received.set(name, makePrimedReply(base)),
    expand(name, reply, delta) {
      if (delta === undefined || !reply.ok) {
        received.delete(name);
        return reply;
      }
      const last = received.get(name);
      // Whatever comes next builds on this reply or on none: a failed expansion leaves nothing to build on.
      received.delete(name);
      if (delta.since !== (last?.sequence ?? 0)) return undefined;
      const kept: KeptReply = { sequence: delta.sequence, keyed: {}, whole: {} };
      const output: Record<string, unknown> = { ...reply.output };
      for (const field of keyedFields) {
        const change = delta.keyed[field];
        if (change === undefined) continue;
        const lastParts = last?.keyed[field];
        if (change.order === undefined && change.changed.length === 0 && lastParts?.output !== undefined) {
          kept.keyed[field] = lastParts;
          output[field] = lastParts.output;
          continue;
        }
        const order = change.order ?? lastParts?.order;
        if (order === undefined) return undefined;
        const changed = new Map(change.changed);
        const parts: KeptParts = { order, parts: new Map() };
        for (const key of order) {
          const value = changed.has(key) ? changed.get(key) : lastParts?.parts.get(key)?.value;
          if (value === undefined) return undefined;
          parts.parts.set(key, { value });
        }
        kept.keyed[field] = parts;
        const values = [...parts.parts];
        output[field] = parts.output =
          field === 'diagnostics'
            ? values.flatMap(([, { value }]) => value as Diagnostic[])
            : Object.fromEntries(values.map(([key, { value }]) => [key, value]));
      }
      for (const field of wholeFields) {
        if (delta.same.includes(field)) {
          const before = last?.whole[field];
          if (before === undefined) return undefined;
          output[field] = before.value;
        }
        if (output[field] !== undefined) kept.whole[field] = { value: output[field] };
      }
      received.set(name, kept);
      return { ok: true, output: output as unknown as CheckOutput };
    },
  };
}
