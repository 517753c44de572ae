/**
 * Where a served check's time goes (bench/served-timeline.ts): with CULPRIT_DEBUG=time the client
 * and its server stamp the marks a served check passes, and the held-out script cuts each check's
 * wall there. A real `culprit serve` (the built CLI) on a repository with a SARIF check.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPhases } from '../../bench/served-timeline.js';
import { waitFor } from '../checks/helpers.js';
import { makeRepo } from '../helpers/repo.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { runCliAsync, startCli, useRepos } from '../warm/helpers.js';
import { useServerStops } from './stop-servers.js';

const repos = useRepos();
const stops = useServerStops();

describe('a served check under CULPRIT_DEBUG=time', () => {
  it('stamps its marks in order, from the client start to the answer', async () => {
    const repo = repos.add(makeRepo({ typescript: false, files: todoFiles }));
    stops.push(repo.root);
    const server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: 'time' });
    expect(await waitFor(() => server.stderr().includes('warm: following the edits of'), 30_000), server.stderr()).toBe(
      true,
    );
    writeFileSync(join(repo.root, 'edited.js'), '// TODO: the edit\n');
    const before = server.stderr().length;
    const spawnedAt = performance.timeOrigin + performance.now();
    const check = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: 'time' });
    const wallMs = performance.timeOrigin + performance.now() - spawnedAt;
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toContain('serve: answered by the server');
    expect(await waitFor(() => server.stderr().slice(before).includes('serve: check answered'), 10_000)).toBe(true);

    const phases = readPhases(spawnedAt, { stderr: check.stderr, wallMs }, server.stderr().slice(before).split('\n'));
    // Every mark is there, each after the one before it: no phase is negative.
    expect(phases, `${check.stderr}\n${server.stderr().slice(before)}`).toBeDefined();
    expect(Object.keys(phases!)).toEqual([
      "node's start",
      'to the request',
      'the runs',
      'the comparison',
      'to the answer',
      "the client's end",
    ]);
    for (const [phase, ms] of Object.entries(phases!)) expect(ms, phase).toBeGreaterThanOrEqual(0);
  });
});
