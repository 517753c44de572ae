/**
 * A warm worker's whole job, free of process plumbing: the sessions of one work tree's checks,
 * and the answer to one request. tsc checks run first, so the ESLint check of the same request
 * lints with the programs they just updated and knows which files they re-checked.
 *
 * Before answering, the worker makes sure nothing it cannot follow changed: the installed tools
 * and the package manager's install state (node_modules/.package-lock.json and the like). If they
 * did, the request is answered `stale` and the engine starts a new worker, cold.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EslintOptions, TscOptions } from '../checks/check.js';
import { requireTool, resolveToolPath } from '../checks/runner/resolve-tool.js';
import { readMajorVersion } from '../checks/tsc/adapter.js';
import { makeFailureReply, relativizeMessages } from '../checks/runner/worker-protocol.js';
import { openEslintSession, type EslintSession } from '../checks/eslint/warm-session.js';
import { makeFileStates, type FileStates } from './file-states.js';
import { isStaleSessionError } from './stale-session.js';
import { openNativeTscSession } from '../checks/tsc/native-warm-session.js';
import { openTscSession, type TscSession } from '../checks/tsc/warm-session.js';
import type { WarmCheck, WarmEvent, WarmRequest } from './warm-protocol.js';
import { installStateFiles } from '../checks/runner/install-state.js';

type TypeScript = typeof import('typescript');

/** Packages whose installed version decides what a warm check finds. */
const toolPackages = ['typescript', 'eslint', 'typescript-eslint', '@typescript-eslint/parser', '@eslint/js'];

type Session =
  | { kind: 'tsc'; key: string; session: TscSession | NativeSession; classic: boolean; typescriptPath: string }
  | { kind: 'eslint'; key: string; session: EslintSession };

type NativeSession = Pick<TscSession, 'run'>;

export interface WarmSessions {
  answer(request: WarmRequest, emit: (event: WarmEvent) => void): Promise<void>;
  close(): void;
}

export function makeWarmSessions(): WarmSessions {
  const sessions = new Map<string, Session>();
  const closers: (() => void)[] = [];
  let environment: FileStates | undefined;
  let root: string | undefined;

  const openSession = async (check: WarmCheck, key: string, workRoot: string): Promise<Session> => {
    if (check.kind === 'eslint') {
      return { kind: 'eslint', key, session: await openEslintSession({ root: workRoot, options: check.options as EslintOptions }) };
    }
    const typescript = requireTool<TypeScript>(workRoot, 'typescript');
    const typescriptPath = realpathSync(resolveToolPath(workRoot, 'typescript'));
    const request = { root: workRoot, options: check.options as TscOptions };
    if (readMajorVersion(typescript.versionMajorMinor) >= 7) {
      const native = await openNativeTscSession(request, typescript.version);
      closers.push(native.close);
      return { kind: 'tsc', key, session: native, classic: false, typescriptPath };
    }
    return { kind: 'tsc', key, session: openTscSession(typescript, request), classic: true, typescriptPath };
  };

  return {
    close: () => {
      for (const close of closers.splice(0)) close();
    },
    async answer(request, emit) {
      const { id } = request;
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

      const ordered = [...request.checks.filter((check) => check.kind === 'tsc'), ...request.checks.filter((check) => check.kind !== 'tsc')];
      const typed: TscSession[] = [];
      let affected: Set<string> | 'all' = new Set();
      let typescriptPath: string | undefined;
      let retire = false;
      for (const check of ordered) {
        emit({ id, type: 'started', name: check.name });
        const key = JSON.stringify([check.kind, check.options]);
        let first = true;
        try {
          let session = sessions.get(check.name);
          if (session !== undefined && session.key !== key) throw new Error(`the ${check.name} check changed its options; a new worker is needed`);
          first = session === undefined;
          session ??= await openSession(check, key, root);
          sessions.set(check.name, session);
          const hint = first ? null : request.hint;
          if (session.kind === 'tsc') {
            const run = session.session.run(hint);
            if (session.classic) typed.push(session.session as TscSession);
            typescriptPath ??= session.typescriptPath;
            affected = affected === 'all' || run.affected === 'all' ? 'all' : new Set([...affected, ...run.affected]);
            emit({ id, type: 'reply', name: check.name, reply: { ok: true, output: relativizeMessages(run.output, root) } });
          } else {
            const output = await session.session.run(hint, { sessions: typed, affected, typescriptPath });
            emit({ id, type: 'reply', name: check.name, reply: { ok: true, output: relativizeMessages(output, root) } });
          }
        } catch (error) {
          if (isStaleSessionError(error)) {
            emit({ id, type: 'stale', reason: error.message });
            return;
          }
          // An update that throws where a fresh run would not (a plugin or a compiler that keeps
          // state between runs and trips on it) is culprit's problem, not a finding: a new worker
          // answers cold. A first run fails as a cold run would, so that is its answer.
          if (!first) {
            emit({ id, type: 'stale', reason: `the warm ${check.name} session failed (${error instanceof Error ? error.message : String(error)})` });
            return;
          }
          // A session that failed may hold half-loaded state (a config module that threw): answer as
          // a cold run would, and let the next request start from a fresh process.
          sessions.delete(check.name);
          retire = true;
          emit({ id, type: 'reply', name: check.name, reply: makeFailureReply(error) });
        }
      }
      emit({ id, type: 'done', retire });
    },
  };
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
