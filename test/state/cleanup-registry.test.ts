/**
 * The cleanup registry: one set of signal handlers for everything culprit must clean up,
 * installed only while something is registered; cleanups run last registered first, on a signal
 * (then the process still dies of it) and at exit (the exit code kept).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trackWorker } from '../../src/checks/runner/worker-registry.js';
import { registerCleanup, whileArmed } from '../../src/state/cleanup-registry.js';
import { releaseTemporaryPath, trackTemporaryPath } from '../../src/state/temporary-paths.js';
import { projectRoot } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeDirectory = useTemporaryDirectories();
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function countListeners(): number[] {
  return [...signals.map((signal) => process.listenerCount(signal)), process.listenerCount('exit')];
}

function runFixture(end: string): { status: number | null; signal: NodeJS.Signals | null; lines: string[] } {
  const log = join(makeDirectory('culprit-cleanups-'), 'log');
  const script = join(projectRoot, 'test', 'state', 'fixtures', 'register-cleanups.ts');
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, log, end], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    // No cleanup ran.
  }
  return { status: result.status, signal: result.signal, lines: text.split('\n').filter((line) => line !== '') };
}

describe('the cleanup registry', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'on %s runs the registered cleanups, last first, and the process dies of the signal',
    (signal) => {
      expect(runFixture(signal)).toEqual({ status: null, signal, lines: ['last', 'first'] });
    },
  );

  it('runs them at exit, keeping the exit code', () => {
    expect(runFixture('exit')).toEqual({ status: 3, signal: null, lines: ['last', 'first'] });
  });

  it('installs one set of handlers for temporary paths, workers and armed creations, and only while one is registered', async () => {
    const before = countListeners();
    const installed = before.map((count) => count + 1);
    const unregister = registerCleanup(() => undefined);
    expect(countListeners()).toEqual(installed);
    const path = join(makeDirectory('culprit-cleanups-'), 'file');
    trackTemporaryPath(path);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 100)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    trackWorker(child);
    expect(whileArmed(() => countListeners())).toEqual(installed);
    unregister();
    releaseTemporaryPath(path);
    expect(countListeners()).toEqual(installed);
    await exited;
    expect(countListeners()).toEqual(before);
    expect(whileArmed(() => countListeners())).toEqual(installed);
    expect(countListeners()).toEqual(before);
  });

  it('kills the workers on a signal that the embedding program also listens for, before that program decides', () => {
    const log = join(makeDirectory('culprit-cleanups-'), 'log');
    const script = join(projectRoot, 'test', 'state', 'fixtures', 'embedded-worker.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, log], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    const [pid, seen] = readFileSync(log, 'utf8').split('\n');
    try {
      process.kill(-Number(pid), 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
    expect({ status: result.status, seen }).toEqual({ status: 0, seen: 'worker gone' });
  });
});
