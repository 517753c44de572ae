/**
 * Must-have 6 of the remote cache issue, measured in the bench's one run: a fresh clone's first
 * check against a baseline CI published to a real `turborepo-remote-cache` server on 127.0.0.1,
 * beside the same edit checked with the baseline in the local cache and in a fresh clone that
 * has to compute it (remote off). All three make the same one-line body edit.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRemoteCacheServer } from '../test/helpers/remote-cache-server.js';
import { makeBodyEdit } from './edits.js';
import { linkBenchTools, type GeneratedRepo } from './generate-repo.js';

export interface RemoteMeasure<Check> {
  publishMs: number;
  /** A fresh clone, the baseline in the remote cache only. */
  remote: Check;
  /** The repository itself, the baseline in its local cache. */
  cached: Check;
  /** A fresh clone with the remote cache off: the baseline is computed on a copy of HEAD. */
  computed: Check;
}

export type MeasureCheck<Check> = (root: string, env: NodeJS.ProcessEnv) => Promise<Check>;

export async function measureRemoteBaseline<Check>(
  cli: string,
  repo: GeneratedRepo,
  measure: MeasureCheck<Check>,
): Promise<RemoteMeasure<Check>> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-bench-remote-')));
  const server = await startRemoteCacheServer({ storage: join(dir, 'storage'), token: 'bench-token' });
  try {
    const env = { TURBO_API: server.url, TURBO_TEAM: 'bench', TURBO_TOKEN: server.token, CULPRIT_REMOTE_CACHE: '1' };
    const started = performance.now();
    execFileSync(process.execPath, [cli, 'baseline', '--publish'], {
      cwd: repo.root,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const publishMs = performance.now() - started;
    const clone = (name: string) => {
      const root = join(dir, name);
      execFileSync('git', ['clone', '--quiet', repo.root, root], { stdio: 'ignore' });
      linkBenchTools(root);
      const edit = makeBodyEdit({ ...repo, root });
      edit.apply(7);
      return root;
    };
    const remote = await measure(clone('remote'), env);
    const local = makeBodyEdit(repo);
    local.apply(7);
    const cached = await measure(repo.root, env);
    local.revert();
    const computed = await measure(clone('computed'), { ...env, CULPRIT_REMOTE_CACHE: '0' });
    return { publishMs, remote, cached, computed };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
