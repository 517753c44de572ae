/**
 * The messages between culprit and a check worker, and the worker's whole job as a function:
 * one request in, one reply out. Keeping the job free of process plumbing is what lets a later
 * worker stay alive and answer several requests (warm re-checks) with the same code.
 */
import { describeError } from '../../core/errors.js';
import { definitionOf, isCheckKind, type CheckKind } from '../registry.js';
import { isMissingToolError, type CheckOutput } from '../check.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { makeRootStripper } from '../output/repo-path.js';

const maxErrorLength = 1_000;

export interface WorkerRequest {
  kind: CheckKind;
  /** Absolute path of the tree to check. */
  root: string;
  options: unknown;
  /** Send the files the check says it has done (checks/runner/progress.ts): a terminal shows them. */
  progress?: boolean | undefined;
}

export type WorkerReply =
  { ok: true; output: CheckOutput } | { ok: false; status: 'missing' | 'failed'; error: string };

export async function answerRequest(request: WorkerRequest): Promise<WorkerReply> {
  if (!isCheckKind(request.kind))
    return { ok: false, status: 'failed', error: `unknown check kind ${JSON.stringify(request.kind)}` };
  try {
    // The caller resolved options for this kind; the worker boundary erased the pairing.
    const output = await definitionOf(request.kind).run({ root: request.root, options: request.options as never });
    return { ok: true, output: relativizeMessages(output, request.root) };
  } catch (error) {
    return makeFailureReply(error);
  }
}

export function makeFailureReply(error: unknown): WorkerReply {
  return { ok: false, status: isMissingToolError(error) ? 'missing' : 'failed', error: describeFailure(error) };
}

/**
 * Messages that embed the tree's absolute location ("…/src/a.js was not found by the project
 * service") would give the same finding another identity in a temporary copy of the base tree.
 */
export function relativizeMessages(
  output: CheckOutput,
  root: string,
  kept?: WeakMap<Diagnostic, Diagnostic>,
): CheckOutput {
  const strip = makeRootStripper(root);
  // A finding whose message names no location stays the very object (a warm worker's reply
  // leaves out what its last reply had, by identity: warm/reply-delta.ts); `kept` remembers the others.
  const relativize = (diagnostic: Diagnostic) => {
    let relative = kept?.get(diagnostic);
    if (relative === undefined) {
      const message = strip(diagnostic.message);
      relative = message === diagnostic.message ? diagnostic : { ...diagnostic, message };
      kept?.set(diagnostic, relative);
    }
    return relative;
  };
  return { ...output, diagnostics: output.diagnostics.map(relativize) };
}

export function isWorkerReply(value: unknown): value is WorkerReply {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Partial<Record<'ok' | 'output' | 'status' | 'error', unknown>>;
  if (reply.ok === true) return typeof reply.output === 'object' && reply.output !== null;
  return (
    reply.ok === false && (reply.status === 'missing' || reply.status === 'failed') && typeof reply.error === 'string'
  );
}

/** The error's own message on one line (adapters write theirs to be read as they are), bounded: a tool's internal error can be long. */
export function describeFailure(error: unknown): string {
  const message = describeError(error) || 'the check failed without a message';
  return message.length > maxErrorLength ? `${message.slice(0, maxErrorLength - 1)}…` : message;
}
