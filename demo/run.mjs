#!/usr/bin/env node
// The demo: the bundled repository (demo/repo) gets the seeds' rename edit. We print what the raw
// tools would hand an agent next to what culprit hands it, then play a scripted agent that only
// ever fixes the files culprit shows, until the tree is clean.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const project = resolve(here, '..');
const cli = join(project, 'dist', 'cli', 'main.js');
const repo = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-demo-')));

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'demo',
  GIT_AUTHOR_EMAIL: 'demo@culprit.invalid',
  GIT_COMMITTER_NAME: 'demo',
  GIT_COMMITTER_EMAIL: 'demo@culprit.invalid',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

function setUpRepository() {
  cpSync(join(here, 'repo'), repo, { recursive: true });
  writeFileSync(join(repo, '.gitignore'), 'node_modules/\n');
  // The demo repository's own toolchain: the versions culprit's devDependencies pin.
  for (const name of ['typescript', 'eslint', 'typescript-eslint', '@eslint/js']) {
    mkdirSync(dirname(join(repo, 'node_modules', name)), { recursive: true });
    symlinkSync(join(project, 'node_modules', name), join(repo, 'node_modules', name), 'dir');
  }
  const git = (...args) => execFileSync('git', args, { cwd: repo, env: gitEnv, stdio: 'ignore' });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'acme invoicing');
}

function culprit(...args) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: repo, encoding: 'utf8' });
  if (result.stderr) process.stderr.write(result.stderr);
  return { stdout: result.stdout, exitCode: result.status };
}

/** Stops the demo repository's warm server, if one runs, and waits (up to 10 s) for it to exit. */
function stopServer() {
  const stop = spawnSync(process.execPath, [cli, 'serve', '--stop'], { cwd: repo, encoding: 'utf8' });
  const pid = Number(/\(pid (\d+)\)/.exec(stop.stdout ?? '')?.[1]);
  if (Number.isNaN(pid)) return;
  for (const end = Date.now() + 10_000; Date.now() < end;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

function rawFindings() {
  const tsc = spawnSync(
    process.execPath,
    [join(repo, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.', '--pretty', 'false'],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  const tscErrors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
  const eslint = spawnSync(process.execPath, [join(repo, 'node_modules/eslint/bin/eslint.js'), '-f', 'json', '.'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const results = JSON.parse(eslint.stdout);
  const eslintFindings = results.reduce((sum, file) => sum + file.messages.length, 0);
  return {
    tsc: tscErrors.length,
    tscFiles: new Set(tscErrors.map((line) => line.split('(')[0])).size,
    eslint: eslintFindings,
    eslintFiles: results.filter((file) => file.messages.length > 0).length,
  };
}

function edit(path, change) {
  const file = join(repo, path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

const rule = (title) => console.log(`\n\u2500\u2500 ${title} ${'\u2500'.repeat(Math.max(0, 76 - title.length))}`);

try {
  setUpRepository();
  rule('culprit start (before the agent edits anything)');
  process.stdout.write(culprit('start').stdout);

  rule('the agent renames RateCard.price to unitPrice in packages/billing/src/types.ts');
  edit('packages/billing/src/types.ts', (text) => text.replace('  price: number;', '  unitPrice: number;'));

  const raw = rawFindings();
  rule('what the raw tools hand the agent');
  console.log(`tsc --noEmit:  ${raw.tsc} errors in ${raw.tscFiles} files`);
  console.log(`eslint .:      ${raw.eslint} findings in ${raw.eslintFiles} files`);
  console.log(`together:      ${raw.tsc + raw.eslint} findings, all of them presented as the agent's to fix`);

  for (let attempt = 1; attempt <= 6; attempt += 1) {
    rule(`culprit check (attempt ${attempt})`);
    const text = culprit('check');
    process.stdout.write(text.stdout);
    console.log(`[exit ${text.exitCode}]`);
    if (text.exitCode !== 1) break;
    // The scripted agent reads the payload as a model would and fixes exactly the files it was shown:
    // every `path:line:col` in it, a finding's own or a site listed under an echo group.
    const files = [
      ...new Set([...text.stdout.matchAll(/(?<=^|[\s,])([\w@./-]+):\d+:\d+\b/gm)].map((match) => match[1])),
    ];
    rule(`the agent fixes only what it was shown: ${files.join(', ')}`);
    for (const path of files) {
      edit(path, (source) => source.replaceAll('.price', '.unitPrice').replaceAll(' price:', ' unitPrice:'));
    }
  }
} finally {
  // The warm server the first check started is the demo's to stop: it writes the attempt's session
  // file after answering, so removing its tree under it could race those writes.
  stopServer();
  rmSync(repo, { recursive: true, force: true, maxRetries: 5 });
}
