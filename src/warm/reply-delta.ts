/**
 * A warm worker's replies as changes to its last reply: after a body edit a check's findings
 * differ in one file, yet the reply holds every finding of the repository (2,280 on the bench's
 * 800 files), which both processes would serialise, parse and normalise again on every check.
 * The worker sends, for each check, the order of its findings' files and only the files whose
 * findings changed since its last reply of that check; the engine keeps the rest from the
 * previous reply, the very objects, so what it derives from them (normalised, anchored) can be
 * kept by identity too (warm-engine.ts, snapshot/source-cache.ts).
 *
 * Both sides count each check's replies; a delta names the count it builds on, and an engine
 * that did not apply that one (a reply lost with a killed worker) takes it as no answer: the
 * check runs cold and the worker is replaced, never answered from a stale reply.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { WorkerReply } from '../checks/runner/worker-protocol.js';

/** What replaces a reply's `output.diagnostics` (sent empty). */
export interface DiagnosticDelta {
  /** The reply of this check it builds on (0: none, every file is in `changed`). */
  since: number;
  /** This reply's number. */
  sequence: number;
  /** The files with findings, in the reply's order (`\0` for findings about no file). */
  order: string[];
  /** The findings of each file of `order` whose findings changed since `since` (pairs: a path is no object key). */
  changed: [file: string, diagnostics: Diagnostic[]][];
}

const noFile = '\0';

const keyOf = (diagnostic: Diagnostic) => diagnostic.path ?? noFile;

/** The worker's side: what it sent last of each check, as each file's findings in JSON. */
export interface DeltaSender {
  /** The reply to send in place of `reply`, and the delta beside it (none for a failed run, or findings not grouped by file). */
  compress(name: string, reply: WorkerReply): { reply: WorkerReply; delta?: DiagnosticDelta };
}

export function makeDeltaSender(): DeltaSender {
  const sent = new Map<string, { sequence: number; files: Map<string, string> }>();
  return {
    compress(name, reply) {
      const last = sent.get(name);
      const sequence = (last?.sequence ?? 0) + 1;
      const groups = reply.ok ? groupByFile(reply.output.diagnostics) : undefined;
      if (!reply.ok || groups === undefined) {
        // Sent whole: the next delta of this check builds on nothing.
        sent.delete(name);
        return { reply };
      }
      const files = new Map<string, string>();
      const changed: [string, Diagnostic[]][] = [];
      for (const [key, diagnostics] of groups) {
        const text = JSON.stringify(diagnostics);
        files.set(key, text);
        if (last?.files.get(key) !== text) changed.push([key, diagnostics]);
      }
      sent.set(name, { sequence, files });
      const delta = { since: last?.sequence ?? 0, sequence, order: [...groups.keys()], changed };
      return { reply: { ok: true, output: { ...reply.output, diagnostics: [] } }, delta };
    },
  };
}

/** Findings grouped by file in their order, or undefined when a file's findings are not together (the order could not be rebuilt). */
function groupByFile(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> | undefined {
  const groups = new Map<string, Diagnostic[]>();
  let previous: string | undefined;
  for (const diagnostic of diagnostics) {
    const key = keyOf(diagnostic);
    if (key !== previous && groups.has(key)) return undefined;
    previous = key;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = []));
    group.push(diagnostic);
  }
  return groups;
}

/** The engine's side, one per worker: each check's last reply as its files' findings. */
export interface DeltaReceiver {
  /** The whole reply, or undefined when the delta builds on a reply this side did not apply. */
  expand(name: string, reply: WorkerReply, delta: DiagnosticDelta | undefined): WorkerReply | undefined;
}

export function makeDeltaReceiver(): DeltaReceiver {
  const kept = new Map<string, { sequence: number; files: Map<string, Diagnostic[]> }>();
  return {
    expand(name, reply, delta) {
      if (delta === undefined || !reply.ok) {
        kept.delete(name);
        return reply;
      }
      const last = kept.get(name);
      if (delta.since !== (last?.sequence ?? 0)) {
        kept.delete(name);
        return undefined;
      }
      const changed = new Map(delta.changed);
      const files = new Map<string, Diagnostic[]>();
      for (const key of delta.order) {
        const diagnostics = changed.get(key) ?? last?.files.get(key);
        if (diagnostics === undefined) {
          kept.delete(name);
          return undefined;
        }
        files.set(key, diagnostics);
      }
      kept.set(name, { sequence: delta.sequence, files });
      return { ok: true, output: { ...reply.output, diagnostics: [...files.values()].flat() } };
    },
  };
}
