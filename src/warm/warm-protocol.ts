/**
 * The messages between the warm engine and a warm worker. One worker serves the checks of one
 * work tree that can be kept warm (the kinds whose definition has `warm`: tsc and eslint) and answers request after request; each
 * request names the checks, and what changed since the worker's last answer as far as the engine
 * knows (it reads the tree diff; the worker also stats the files it read).
 */
import type { CheckKind } from '../checks/check.js';
import type { WarmSeed } from '../checks/check-definition.js';
import { isWorkerReply, type WorkerReply } from '../checks/runner/worker-protocol.js';
import type { KeyedDelta, ReplyDelta } from './reply-delta.js';

export interface WarmCheck {
  name: string;
  kind: CheckKind;
  options: unknown;
}

export interface WarmRequest {
  id: number;
  /** Absolute path of the work tree. */
  root: string;
  checks: WarmCheck[];
  /** Absolute paths changed since the worker's last answer (added, modified, deleted, either side of a rename); null: unknown. */
  hint: string[] | null;
  /**
   * By check name: the baseline a session's first run may start from (a cold check against a
   * baseline, seeded/seeded-runner.ts). Only the first request of a worker carries them.
   */
  seeds?: Record<string, WarmSeed> | undefined;
  /**
   * Files whose results the worker's last (seeded) run took from the baseline though it read
   * them after they changed, with their text on the base tree (WarmSession.rebase): absolute path
   * → text.
   */
  rebase?: Record<string, string> | undefined;
  /** Send the files each check says it has done (checks/runner/progress.ts): a terminal shows them. */
  progress?: boolean | undefined;
}

export type WarmEvent =
  /** The worker began a check: its timeout runs from here. */
  | { id: number; type: 'started'; name: string }
  /** The files the check under way says it has done (checks/runner/progress.ts). */
  | { id: number; type: 'progress'; name: string; done: number; total: number }
  /** `delta`: the reply's output as changes to the last reply of this check (reply-delta.ts), the fields it names left out. */
  | { id: number; type: 'reply'; name: string; reply: WorkerReply; delta?: ReplyDelta | undefined }
  /** The worker cannot answer like a cold run (its configuration changed); restart it and ask again. */
  | { id: number; type: 'stale'; reason: string }
  /** Every check of the request has its reply. `retire`: a session failed, start a fresh worker next time. */
  | { id: number; type: 'done'; retire: boolean };

export function isWarmEvent(value: unknown): value is WarmEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Partial<Record<'id' | 'type' | 'name' | 'reply' | 'reason' | 'retire', unknown>>;
  if (typeof event.id !== 'number') return false;
  switch (event.type) {
    case 'started':
      return typeof event.name === 'string';
    case 'progress':
      return (
        typeof event.name === 'string' &&
        typeof (value as { done?: unknown }).done === 'number' &&
        typeof (value as { total?: unknown }).total === 'number'
      );
    case 'reply':
      return (
        typeof event.name === 'string' && isWorkerReply(event.reply) && isDelta((value as { delta?: unknown }).delta)
      );
    case 'stale':
      return typeof event.reason === 'string';
    case 'done':
      return typeof event.retire === 'boolean';
    default:
      return false;
  }
}

function isDelta(value: unknown): value is ReplyDelta | undefined {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  const delta = value as Partial<Record<keyof ReplyDelta, unknown>>;
  return (
    typeof delta.since === 'number' &&
    typeof delta.sequence === 'number' &&
    typeof delta.keyed === 'object' &&
    delta.keyed !== null &&
    Object.values(delta.keyed).every(isKeyedDelta) &&
    Array.isArray(delta.same)
  );
}

function isKeyedDelta(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const keyed = value as Partial<Record<keyof KeyedDelta, unknown>>;
  return (keyed.order === undefined || Array.isArray(keyed.order)) && Array.isArray(keyed.changed);
}
