/**
 * A warm worker's whole job, free of process plumbing: the sessions of one work tree's checks,
 * and the answer to one request. Each kind's session is its definition's `warm` (checks/<kind>/
 * index.ts); they run in its `order`, tsc first, so the ESLint check of the same request lints
 * with the programs they just updated and knows which files they re-checked.
 *
 * Before answering, the worker makes sure nothing it cannot follow changed: the installed tools
 * and the package manager's install state (node_modules/.package-lock.json and the like). If they
 * did, the request is answered `stale` and the engine starts a new worker, cold.
 */
import { dirname, join } from 'node:path';
import type { ProgramSource, WarmSession, WarmSupport } from '../checks/check-definition.js';
import { checkDefinitions, checkKinds, type CheckKind } from '../checks/registry.js';
import { makeFailureReply, relativizeMessages } from '../checks/runner/worker-protocol.js';
import { makeFileStates, makeSharedStats, type FileStates } from '../tree/file-states.js';
import { isStaleSessionError } from '../checks/stale-session.js';
import type { WarmCheck, WarmEvent, WarmRequest } from './warm-protocol.js';
import type { CheckOutput } from '../checks/check.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { installStateFiles } from '../checks/runner/install-state.js';

/** Packages whose installed version decides what a warm check finds, whichever warm kinds run. */
const toolPackages = checkKinds.flatMap((kind) => checkDefinitions[kind].warm?.packages ?? []);

interface Session {
  key: string;
  session: WarmSession;
}

export interface WarmSessions {
  answer(request: WarmRequest, emit: (event: WarmEvent) => void): Promise<void>;
  close(): void;
}

export function makeWarmSessions(): WarmSessions {
  const sessions = new Map<string, Session>();
  /** By check name: what the changes of requests it was not part of reached (a deferred lint check). */
  const missed = new Map<string, ReadonlySet<string> | 'all'>();
  const closers: (() => void)[] = [];
  let environment: FileStates | undefined;
  // Each file is stat'ed once per request, whichever sessions read it.
  const stats = makeSharedStats();
  // Findings relativised once while the sessions keep them (the worker's root is one root).
  const relativized = new WeakMap<Diagnostic, Diagnostic>();
  let root: string | undefined;

  const openSession = async (check: WarmCheck, key: string, workRoot: string): Promise<Session> => {
    // The engine sends only kinds with a warm session; the options were resolved for this kind.
    const session = await findWarmSupport(check.kind)!.open(
      { root: workRoot, options: check.options as never },
      { stats },
    );
    if (session.close !== undefined) closers.push(session.close);
    return { key, session };
  };

  return {
    close: () => {
      for (const close of closers.splice(0)) close();
    },
    async answer(request, emit) {
      const { id } = request;
      // What the last request read is not this one's (kept until now: a few hundred kB).
      stats.renew();
      if (root !== undefined && root !== request.root) {
        emit({ id, type: 'stale', reason: `this worker serves ${root}, not ${request.root}` });
        return;
      }
      root = request.root;
      if (environment === undefined) environment = recordEnvironment(root);
      else {
        const changed = environment.takeChanged();
        if (changed.length > 0) {
          emit({ id, type: 'stale', reason: `${changed[0]} changed` });
          return;
        }
      }

      const ordered = [...request.checks].sort((a, b) => orderOf(a.kind) - orderOf(b.kind));
      // A session not open yet has run nothing to correct.
      if (request.rebase !== undefined) {
        const baseTexts = new Map(Object.entries(request.rebase));
        for (const check of ordered) sessions.get(check.name)?.session.rebase(baseTexts);
      }
      const typed: ProgramSource[] = [];
      let affected: Set<string> | 'all' = new Set();
      let typescriptPath: string | undefined;
      let checkedPaths: Set<string> | undefined;
      let retire = false;
      // A run whose answer comes after the next sessions started (TypeScript 7's checking beside
      // oxlint's process, WarmRun.output): its reply goes out when it comes, the request's
      // `done` after every reply. A failure of it ends the answer as one of its run would.
      const finishing: Promise<void>[] = [];
      let ended = false;
      /** What a failed run answers; true when the answer ends there (the worker is stale). */
      const fail = (check: WarmCheck, first: boolean, error: unknown): boolean => {
        if (isStaleSessionError(error)) {
          emit({ id, type: 'stale', reason: error.message });
          return true;
        }
        // An update that throws where a fresh run would not (a plugin or a compiler that keeps
        // state between runs and trips on it) is culprit's problem, not a finding: a new worker
        // answers cold. A first run fails as a cold run would, so that is its answer.
        if (!first) {
          emit({
            id,
            type: 'stale',
            reason: `the warm ${check.name} session failed (${error instanceof Error ? error.message : String(error)})`,
          });
          return true;
        }
        // A session that failed may hold half-loaded state (a config module that threw): answer as
        // a cold run would, and let the next request start from a fresh process.
        sessions.delete(check.name);
        retire = true;
        emit({ id, type: 'reply', name: check.name, reply: makeFailureReply(error) });
        return false;
      };
      for (const check of ordered) {
        if (ended) break;
        emit({ id, type: 'started', name: check.name });
        const key = JSON.stringify([check.kind, check.options]);
        let first = true;
        try {
          let session = sessions.get(check.name);
          if (session !== undefined && session.key !== key)
            throw new Error(`the ${check.name} check changed its options; a new worker is needed`);
          first = session === undefined;
          session ??= await openSession(check, key, root);
          sessions.set(check.name, session);
          const hint = first ? null : request.hint;
          const seed = first ? request.seeds?.[check.name] : undefined;
          // What earlier requests' changes reached while this session did not run (it was deferred) counts too.
          const reach = first ? affected : joinReach(affected, missed.get(check.name) ?? new Set());
          missed.delete(check.name);
          const run = await session.session.run(
            hint,
            { sessions: typed, affected: reach, typescriptPath, checkedPaths },
            seed,
          );
          const { offers } = run;
          // The coverage the sessions after it read comes from the answer when the offers lack it.
          const output = offers !== undefined && offers.checkedPaths === undefined ? await run.output : run.output;
          if (offers !== undefined) {
            if (offers.session !== null) typed.push(offers.session);
            typescriptPath ??= offers.typescriptPath;
            affected = joinReach(affected, offers.affected);
            const covered = offers.checkedPaths ?? (output instanceof Promise ? [] : (output.checkedPaths ?? []));
            checkedPaths = new Set([...(checkedPaths ?? []), ...covered]);
          }
          const reply = (answer: CheckOutput) =>
            emit({
              id,
              type: 'reply',
              name: check.name,
              reply: { ok: true, output: relativizeMessages(answer, request.root, relativized) },
            });
          if (!(output instanceof Promise)) reply(output);
          else {
            const isFirst = first;
            finishing.push(
              output.then(reply, (error: unknown) => {
                if (fail(check, isFirst, error)) ended = true;
              }),
            );
          }
        } catch (error) {
          if (fail(check, first, error)) ended = true;
        }
      }
      await Promise.all(finishing);
      if (ended) return;
      const ran = new Set(ordered.map((check) => check.name));
      for (const name of sessions.keys())
        if (!ran.has(name)) missed.set(name, joinReach(missed.get(name) ?? new Set(), affected));
      emit({ id, type: 'done', retire });
    },
  };
}

function joinReach(a: ReadonlySet<string> | 'all', b: ReadonlySet<string> | 'all'): Set<string> | 'all' {
  return a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]);
}

function findWarmSupport(kind: CheckKind): WarmSupport<never> | undefined {
  return checkDefinitions[kind].warm;
}

/** Kinds without a warm session never reach a warm worker; they would sort last. */
function orderOf(kind: CheckKind): number {
  return findWarmSupport(kind)?.order ?? Number.MAX_SAFE_INTEGER;
}

/** The installed tools' manifests and the install state files, present or not. */
function recordEnvironment(root: string): FileStates {
  const states = makeFileStates({ compareContent: true });
  for (let dir = root; ; dir = dirname(dir)) {
    for (const name of installStateFiles) states.record(join(dir, 'node_modules', name));
    for (const name of toolPackages) states.record(join(dir, 'node_modules', name, 'package.json'));
    if (dirname(dir) === dir) break;
  }
  return states;
}
