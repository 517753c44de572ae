/**
 * A served check writes its attempt after the client has its answer (CheckTaskOptions.afterAnswer).
 * Another culprit process may check the same work tree in between: the deferred write must keep
 * that process's attempt, not write back the session file as it was before. Real tsc and git.
 */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { loadSessionFile } from '../../src/state/session-store.js';
import { checkTask } from '../../src/tasks/check-task.js';
import { startTask } from '../../src/tasks/start-task.js';
import { bundlerTsconfig, makeRepo } from '../helpers/repo.js';

describe("a served check's attempt written after its answer", () => {
  const repo = makeRepo({
    files: {
      'package.json': '{ "name": "deferred", "private": true, "type": "module" }',
      'tsconfig.json': bundlerTsconfig,
      'src/count.ts': 'export const count: number = 1;\n',
    },
  });
  afterAll(() => repo.cleanup());

  test('keeps the attempt another check recorded in between, and adds its own', async () => {
    const started = await startTask({ cwd: repo.root });
    const sessionFile = started.context.layout.sessionFile;
    const attempts = () => loadSessionFile(sessionFile, repo.root).started?.attempts.length;
    expect(attempts()).toBe(0);

    repo.write('src/count.ts', 'export const count: number = "one";\n');
    const writes: (() => Promise<void>)[] = [];
    const served = await checkTask({ cwd: repo.root, afterAnswer: (write) => writes.push(write) });
    expect(served.report.verdict).toBe('introduced');
    expect(writes).toHaveLength(1);
    // Answered, not yet recorded.
    expect(attempts()).toBe(0);

    // Another process's check of another tree, recorded at once.
    repo.write('src/count.ts', 'export const count: string = 1;\n');
    await checkTask({ cwd: repo.root });
    expect(attempts()).toBe(1);

    await writes[0]!();
    const recorded = loadSessionFile(sessionFile, repo.root).started!.attempts;
    expect(recorded).toHaveLength(2);
    expect(new Set(recorded.map((attempt) => attempt.tree)).size).toBe(2);
  });

  test('drops its attempt when a new start replaced the task in between, and keeps the new task as it is', async () => {
    await startTask({ cwd: repo.root });
    const sessionFile = (await checkTask({ cwd: repo.root })).context.layout.sessionFile;
    const firstBaseline = loadSessionFile(sessionFile, repo.root).started!.baseline;
    const tree = repo.read('src/count.ts');
    repo.write('src/count.ts', 'export const count: number = "two";\n');
    const writes: (() => Promise<void>)[] = [];
    await checkTask({ cwd: repo.root, afterAnswer: (write) => writes.push(write) });
    // A start again on the very tree of the first: the same baseline, another task.
    repo.write('src/count.ts', tree);
    await startTask({ cwd: repo.root });
    expect(loadSessionFile(sessionFile, repo.root).started!.baseline).toBe(firstBaseline);
    const before = loadSessionFile(sessionFile, repo.root).started;
    expect(before?.attempts).toEqual([]);
    await writes[0]!();
    expect(loadSessionFile(sessionFile, repo.root).started).toEqual(before);
  });

  test('records nothing in a work tree removed after the answer, and makes none of its folders again', async () => {
    const gone = makeRepo({
      files: { 'tsconfig.json': bundlerTsconfig, 'src/count.ts': 'export const count: number = 1;\n' },
    });
    const writes: (() => Promise<void>)[] = [];
    gone.write('src/count.ts', 'export const count: number = "one";\n');
    await checkTask({ cwd: gone.root, afterAnswer: (write) => writes.push(write) });
    expect(writes).toHaveLength(1);
    gone.cleanup();
    await writes[0]!();
    expect(existsSync(gone.root)).toBe(false);
  });
});
