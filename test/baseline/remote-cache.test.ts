/**
 * Baselines shared through a real Turborepo Remote Cache server (`turborepo-remote-cache` from
 * npm, on 127.0.0.1, local storage in the test's folder): clones with separate local caches,
 * artifacts that must be rejected, a wrong token, a server that dies or stalls mid-run, and
 * work trees of one repository checking at once. Real git, real tsc, the built CLI.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { runCli, runCliAsync, type CliResult, type JsonReport } from '../helpers/cli.js';
import { startRemoteCacheServer, type RemoteCacheServer } from '../helpers/remote-cache-server.js';
import { linkToolchain, makeRepo, type TestRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

/** Each test runs culprit three to six times with real tsc runs, beside a server; a shared machine can be slow. */
const slow = 240_000;

const makeDir = useTemporaryDirectories();
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const token = 'fleet-token-1234567890';
const team = 'fleet';

const files = {
  'package.json': '{ "name": "fleet", "private": true, "type": "module" }',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      types: [],
      target: 'es2022',
      lib: ['es2022'],
      module: 'esnext',
      moduleResolution: 'bundler',
    },
    include: ['src'],
  }),
  // A bounded remote: a stalled server costs two seconds, not the default five.
  'culprit.config.json': JSON.stringify({ checks: { tsc: {} }, remoteCache: { timeoutMs: 2000 } }),
  'src/a.ts': "export const standing: number = 'old debt';\n",
  'src/b.ts': 'export const b: number = 1;\n',
};

/** The repository CI checks out, and clones of it as fresh agent machines (each its own .git, so its own local cache). */
function makeOrigin(): TestRepo {
  const repo = makeRepo({ files });
  cleanups.push(() => repo.cleanup());
  return repo;
}

function makeClone(origin: TestRepo): string {
  const dir = join(makeDir('culprit-clone-'), 'repo');
  execFileSync('git', ['clone', '--quiet', origin.root, dir], { stdio: 'ignore' });
  linkToolchain(dir, '6.0', false);
  return dir;
}

async function startServer(signatureKey?: string): Promise<RemoteCacheServer> {
  const server = await startRemoteCacheServer({
    storage: makeDir('culprit-remote-'),
    token,
    ...(signatureKey === undefined ? {} : { signatureKey }),
  });
  cleanups.push(() => server.stop());
  return server;
}

function remoteEnv(server: RemoteCacheServer, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    TURBO_API: server.url,
    TURBO_TEAM: team,
    TURBO_TOKEN: server.token,
    TURBO_TEAMID: '',
    TURBO_REMOTE_CACHE_SIGNATURE_KEY: '',
    CULPRIT_DEBUG: '1',
    ...extra,
  };
}

type Report = JsonReport & { baseline: { label: string; source: string }; notes: string[] };

function parseReport(result: CliResult): Report {
  if (!result.stdout.startsWith('{'))
    throw new Error(`culprit printed no JSON (exit ${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout) as Report;
}

async function check(root: string, env: NodeJS.ProcessEnv): Promise<CliResult & { report: Report }> {
  const result = await runCliAsync(root, ['check', '--json'], { env });
  return { ...result, report: parseReport(result) };
}

/** Every check run culprit made: `culprit debug: running tsc on <tree>`. */
function readRuns(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('culprit debug: running '));
}

function edit(root: string): void {
  writeFileSync(join(root, 'src/b.ts'), "export const b: number = 'two';\n");
}

function headLabel(root: string): string {
  return `HEAD (${execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()})`;
}

const expectedCounts = { introduced: 1, resolved: 0, standing: 1, reworded: 0, reanchored: 0, silenced: 0 };

/** A fresh clone's first check, whose remote baseline must not be used: it runs HEAD's checks itself and is still right. */
async function checkLocally(origin: TestRepo, env: NodeJS.ProcessEnv): Promise<CliResult & { report: Report }> {
  const clone = makeClone(origin);
  edit(clone);
  const result = await check(clone, env);
  expect(result.exitCode, result.stderr).toBe(1);
  expect(result.report.baseline.source).toBe('run');
  expect(result.report.counts).toEqual(expectedCounts);
  return result;
}

test(
  "a baseline one clone computed is the next clone's: its first check runs no base checks",
  async () => {
    const server = await startServer();
    const origin = makeOrigin();
    const first = makeClone(origin);
    const second = makeClone(origin);
    edit(first);
    edit(second);

    const computing = await check(first, remoteEnv(server));
    expect(computing.exitCode, computing.stderr).toBe(1);
    expect(computing.report.baseline).toEqual({ label: headLabel(first), source: 'run' });
    expect(computing.report.counts).toEqual(expectedCounts);
    expect(computing.report.notes).toContain(`baseline: ${headLabel(first)}, computed by this check`);
    expect(computing.stderr).toMatch(/remote cache: GET \w+: miss/);
    expect(computing.stderr).toMatch(/remote cache: PUT \w+ \(\d+ bytes\): stored/);
    expect(readRuns(computing.stderr)).toHaveLength(2);

    const reading = await check(second, remoteEnv(server));
    expect(reading.exitCode, reading.stderr).toBe(1);
    expect(reading.report.baseline).toEqual({ label: headLabel(second), source: 'remote' });
    expect(reading.report.counts).toEqual(expectedCounts);
    expect(reading.report.shown.map((finding) => [finding.path, finding.code, finding.fingerprint])).toEqual(
      computing.report.shown.map((finding) => [finding.path, finding.code, finding.fingerprint]),
    );
    // Only the work tree's own run: no check ran on a copy of HEAD.
    expect(readRuns(reading.stderr)).toEqual([`culprit debug: running tsc on ${second}`]);
    expect(reading.report.notes).toContain(`baseline: ${headLabel(second)}, from the remote cache`);
    const text = await runCliAsync(second, ['check'], { env: remoteEnv(server) });
    expect(text.stdout).toContain(`note: baseline: ${headLabel(second)}, from the local cache`);

    // Without the remote the same clone still has it: the remote copy was stored locally.
    const offline = await check(second, { ...remoteEnv(server), CULPRIT_REMOTE_CACHE: '0' });
    expect(offline.report.baseline.source).toBe('cache');
  },
  slow,
);

test(
  "CI publishes a signed baseline; an agent's start in a fresh clone takes it; a tampered copy is refused",
  async () => {
    const signatureKey = 'a-signature-key-that-is-long-enough-0123456789';
    const server = await startServer(signatureKey);
    const origin = makeOrigin();
    const ci = makeClone(origin);
    const agent = makeClone(origin);
    const env = remoteEnv(server, { TURBO_REMOTE_CACHE_SIGNATURE_KEY: signatureKey, TURBO_TEAMID: 'team_fleet' });

    const published = await runCliAsync(ci, ['baseline', '--publish', '--json'], { env });
    expect(published.exitCode, published.stderr).toBe(0);
    const summary = JSON.parse(published.stdout) as {
      key: string;
      source: string;
      uploaded: boolean;
      findings: number;
    };
    expect(summary).toMatchObject({
      action: 'publish',
      label: headLabel(ci),
      source: 'run',
      uploaded: true,
      findings: 1,
    });
    // Stored under the team id, with the tag Turborepo's scheme makes.
    const stored = join(server.storage, 'team_fleet', summary.key);
    // Turborepo's scheme, spelled out: base64 of HMAC-SHA256(key, hash ‖ team id ‖ body).
    const body = readFileSync(stored);
    const expectedTag = createHmac('sha256', signatureKey)
      .update(summary.key)
      .update('team_fleet')
      .update(body)
      .digest('base64');
    expect(readFileSync(`${stored}.tag`, 'utf8')).toBe(expectedTag);
    const again = await runCliAsync(ci, ['baseline', '--publish'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('already holds the baseline');

    const start = await runCliAsync(agent, ['start', '--json'], { env });
    expect(start.exitCode, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ source: 'remote', findings: 1 });
    expect(readRuns(start.stderr)).toEqual([]);

    // A copy whose body was changed but still parses (the standing finding dropped) keeps its old
    // tag: with the key set it is refused, so the standing finding is not reported as introduced.
    const artifact = JSON.parse(gunzipSync(readFileSync(stored)).toString('utf8')) as {
      snapshot: { checks: { diagnostics: unknown[] }[] };
    };
    for (const run of artifact.snapshot.checks) run.diagnostics = [];
    writeFileSync(stored, gzipSync(JSON.stringify(artifact)));
    const tampered = await checkLocally(origin, env);
    expect(tampered.report.notes).toContain(
      `remote cache ${server.url}: the signature of its artifact does not verify with TURBO_REMOTE_CACHE_SIGNATURE_KEY; the baseline ran here`,
    );
  },
  slow,
);

test(
  'CI signs with an Ed25519 private key; agents with the public key alone take its baseline, and refuse one an agent uploaded',
  async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const signingKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const verifyingKey = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    // The server keeps tags only when it has a key of its own; it never checks them.
    const server = await startServer('the-server-keeps-tags');
    const origin = makeOrigin();
    const ci = makeClone(origin);
    const base = remoteEnv(server, { TURBO_TEAMID: 'team_fleet' });

    const published = await runCliAsync(ci, ['baseline', '--publish', '--json'], {
      env: { ...base, CULPRIT_REMOTE_CACHE_SIGNING_KEY: signingKey },
    });
    expect(published.exitCode, published.stderr).toBe(0);
    const { key } = JSON.parse(published.stdout) as { key: string };
    const stored = join(server.storage, 'team_fleet', key);
    expect(readFileSync(`${stored}.tag`, 'utf8')).toMatch(/^ed25519:/);

    const agentEnv = { ...base, CULPRIT_REMOTE_CACHE_PUBLIC_KEY: verifyingKey };
    const agent = makeClone(origin);
    const start = await runCliAsync(agent, ['start', '--json'], { env: agentEnv });
    expect(start.exitCode, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ source: 'remote', findings: 1 });
    expect(readRuns(start.stderr)).toEqual([]);

    // A copy whose tag another scheme made (a shared HMAC key, which any holder can use) is refused.
    const body = readFileSync(stored);
    writeFileSync(
      `${stored}.tag`,
      createHmac('sha256', 'shared').update(key).update('team_fleet').update(body).digest('base64'),
    );
    const hmac = await checkLocally(origin, agentEnv);
    expect(hmac.report.notes).toContain(
      `remote cache ${server.url}: the signature of its artifact does not verify with CULPRIT_REMOTE_CACHE_PUBLIC_KEY; the baseline ran here`,
    );
    // An agent can only verify: it computed that baseline and uploaded nothing.
    expect(hmac.stderr).not.toMatch(/remote cache: PUT/);

    // A cache that keeps no tags (this server without a key of its own) serves it unsigned: refused.
    const plain = await startServer();
    mkdirSync(join(plain.storage, 'team_fleet'));
    writeFileSync(join(plain.storage, 'team_fleet', key), body);
    const plainEnv = {
      ...remoteEnv(plain, { TURBO_TEAMID: 'team_fleet' }),
      CULPRIT_REMOTE_CACHE_PUBLIC_KEY: verifyingKey,
    };
    const unsigned = await checkLocally(origin, plainEnv);
    expect(unsigned.report.notes).toContain(
      `remote cache ${plain.url}: its artifact has no signature (x-artifact-tag), and CULPRIT_REMOTE_CACHE_PUBLIC_KEY is set; the baseline ran here`,
    );
  },
  slow,
);

test(
  'a corrupt artifact, or one of another key, is rejected and the baseline runs locally',
  async () => {
    const server = await startServer();
    const origin = makeOrigin();
    const ci = makeClone(origin);
    const published = await runCliAsync(ci, ['baseline', '--publish', '--json'], { env: remoteEnv(server) });
    expect(published.exitCode, published.stderr).toBe(0);
    const { key } = JSON.parse(published.stdout) as { key: string };
    const stored = join(server.storage, team, key);

    writeFileSync(stored, 'not what culprit uploaded');
    const first = await checkLocally(origin, remoteEnv(server));
    const notes = first.report.notes.filter((note) => note.startsWith('remote cache'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      new RegExp(
        `^remote cache ${server.url}: its artifact was rejected: it is not a gzipped JSON artifact \\(.+\\); the baseline ran here$`,
      ),
    );

    // A well-formed artifact stored under this key that names another key.
    writeFileSync(
      stored,
      gzipSync(JSON.stringify({ format: 'culprit-snapshot/1', key: 'f'.repeat(40), snapshot: {} })),
    );
    const second = await checkLocally(origin, remoteEnv(server));
    expect(second.report.notes).toContain(
      `remote cache ${server.url}: its artifact was rejected: it is the snapshot of another key (${'f'.repeat(40)}); the baseline ran here`,
    );
  },
  slow,
);

test(
  'a wrong token degrades to a local run with one note; --publish with it fails with one line',
  async () => {
    const server = await startServer();
    const origin = makeOrigin();
    const env = remoteEnv(server, { TURBO_TOKEN: 'not-the-token' });

    const result = await checkLocally(origin, env);
    expect(result.report.notes).toContain(
      `remote cache ${server.url}: it refused the token (HTTP 401); check TURBO_TOKEN and the team; the baseline ran here`,
    );
    // The token went nowhere but the Authorization header: not into a note, not onto stderr.
    expect(result.stdout + result.stderr).not.toContain('not-the-token');
    // Refused once, not asked again to store what this check computed.
    expect(result.stderr).not.toMatch(/remote cache: PUT/);

    const publish = await runCliAsync(origin.root, ['baseline', '--publish'], { env });
    expect(publish.exitCode).toBe(2);
    expect(
      publish.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('culprit debug:')),
    ).toEqual([
      `culprit: remote cache ${server.url}: the baseline of ${headLabel(origin.root)} was not published: it refused the token (HTTP 401); check TURBO_TOKEN and the team`,
    ]);

    // Configured, but no token in the environment: no request is made, and the note says why.
    const untokened = await checkLocally(origin, { ...env, TURBO_TOKEN: '' });
    expect(untokened.report.notes).toContain('remote cache not used: TURBO_TOKEN is not set; the baseline ran here');
    expect(untokened.stderr).not.toMatch(/remote cache: (GET|PUT)/);
  },
  slow,
);

test(
  'a server killed mid-run, or one that stops answering, costs a local run and a note, never the verdict',
  async () => {
    const server = await startServer();
    const origin = makeOrigin();
    const clone = makeClone(origin);
    edit(clone);

    // Killed after culprit asked for the baseline and before it could upload the one it computed.
    const running = check(clone, remoteEnv(server));
    await server.waitForLog(/"res":\{"statusCode":404\}.*"message":"request completed"/, 60_000);
    server.child.kill('SIGKILL');
    const killed = await running;
    expect(killed.exitCode, killed.stderr).toBe(1);
    expect(killed.report.baseline.source).toBe('run');
    expect(killed.report.counts).toEqual(expectedCounts);
    const notes = killed.report.notes.filter((note) => note.startsWith('remote cache'));
    // A new connection is refused; one kept alive from the lookup finds its socket closed.
    expect(notes).toEqual([
      expect.stringMatching(
        new RegExp(
          `^remote cache ${server.url}: the baseline this check computed was not uploaded: it is unreachable \\((ECONNREFUSED|UND_ERR_SOCKET|ECONNRESET)\\)$`,
        ),
      ),
    ]);
    await server.stop();

    // A server that accepts the connection and never answers: the configured 2 s bound, then a local run.
    const stalled = await startServer();
    stalled.child.kill('SIGSTOP');
    const slowResult = await checkLocally(origin, remoteEnv(stalled));
    expect(slowResult.report.notes).toContain(
      `remote cache ${stalled.url}: it did not answer within 2000 ms; the baseline ran here`,
    );
  },
  slow,
);

test(
  'three work trees checking at once each keep their own session, and compute the shared baseline once',
  async () => {
    const repo = makeOrigin();
    const trees = [repo.root, `${repo.root}-second`, `${repo.root}-third`];
    for (const tree of trees.slice(1)) {
      repo.git('worktree', 'add', '--quiet', '--detach', tree);
      linkToolchain(tree, '6.0', false);
      cleanups.push(() => rmSync(tree, { recursive: true, force: true }));
    }
    trees.forEach((tree, index) =>
      writeFileSync(
        join(tree, 'src/b.ts'),
        `export const b: number = 'edit ${index}';\nexport const c${index}: string = ${index};\n`,
      ),
    );
    const env = { CULPRIT_REMOTE_CACHE: '0', CULPRIT_DEBUG: '1' };

    const results = await Promise.all(trees.map((tree) => check(tree, env)));
    for (const result of results) {
      expect(result.exitCode, result.stderr).toBe(1);
      expect(result.report.attempt).toBe(1);
      expect(result.report.counts).toEqual({
        introduced: 2,
        resolved: 0,
        standing: 1,
        reworded: 0,
        reanchored: 0,
        silenced: 0,
      });
    }
    expect(results.map((result) => result.report.baseline.source).sort()).toEqual(['cache', 'cache', 'run']);
    // One base run on a copy of HEAD among all three; each work tree ran its own checks once.
    const baseRuns = results
      .flatMap((result) => readRuns(result.stderr))
      .filter((line) => line.includes('culprit-base-'));
    expect(baseRuns).toHaveLength(1);
    results.forEach((result, index) =>
      expect(readRuns(result.stderr)).toContain(`culprit debug: running tsc on ${trees[index]}`),
    );

    // Their sessions are their own: a second check in one (of a tree edited again) is its attempt 2,
    // the others stay at 1.
    writeFileSync(join(trees[1]!, 'src/again.ts'), 'export {};\n');
    const again = await check(trees[1]!, env);
    expect(again.report.attempt).toBe(2);
    const state = join(repo.root, '.git', 'culprit');
    expect(readdirSync(join(state, 'sessions'))).toHaveLength(3);
    // The baseline's lock is gone with the culprit that held it; the work trees' locks too.
    expect(readdirSync(join(state, 'locks'))).toEqual([]);
  },
  slow,
);

test('remote configuration errors are one clear line', () => {
  const repo = makeOrigin();
  writeFileSync(
    join(repo.root, 'culprit.config.json'),
    JSON.stringify({ checks: { tsc: {} }, remoteCache: { api: 'ftp://cache.example' } }),
  );
  const result = runCli(repo.root, ['check']);
  expect(result.exitCode).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^culprit: culprit\.config\.json: remoteCache\.api: /);

  writeFileSync(join(repo.root, 'culprit.config.json'), JSON.stringify({ checks: { tsc: {} } }));
  const publish = runCli(repo.root, ['baseline', '--publish'], {
    env: { TURBO_TOKEN: '', TURBO_TEAM: '', TURBO_TEAMID: '', TURBO_API: '' },
  });
  expect(publish.exitCode).toBe(2);
  expect(publish.stderr).toMatch(
    /^culprit: culprit baseline --publish needs a remote cache: set TURBO_TOKEN and TURBO_TEAM/,
  );
});
