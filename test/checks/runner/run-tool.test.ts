/**
 * A tool run in culprit's own process (seeded/run-beside.ts) leads a process group of its own,
 * handed to the caller: killing that group stops the tool and what it started (oxlint's tsgolint),
 * which a worker's group kill does for a tool run in a worker. Real processes: a shell that starts
 * a sleeping child and waits for it.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runTool, runToolsInOwnGroups } from '../../../src/checks/runner/run-tool.js';
import { killProcessGroup } from '../../../src/checks/runner/worker-registry.js';
import { isProcessAlive, waitFor } from '../helpers.js';

const shell = ['-c', 'sleep 300 & echo $!; wait'];

describe('runToolsInOwnGroups', () => {
  it("gives each tool started in it, which leads its own group, whose kill stops the tool's children too", async () => {
    const taken: ChildProcess[] = [];
    let sleeper = 0;
    const result = await runToolsInOwnGroups(
      (child) => {
        taken.push(child);
        // The shell's child is stopped with it once it has said its pid.
        child.stdout!.once('data', (chunk: Buffer) => {
          sleeper = Number(chunk.toString().trim());
          killProcessGroup(child);
        });
      },
      () => runTool('/bin/sh', shell, { name: 'sh', cwd: process.cwd() }),
    );
    expect(taken).toHaveLength(1);
    expect(result.signal).toBe('SIGKILL');
    expect(sleeper).toBeGreaterThan(0);
    expect(await waitFor(() => !isProcessAlive(sleeper), 5_000)).toBe(true);
  });

  it("leaves a tool started outside it in the caller's group", async () => {
    const taken: ChildProcess[] = [];
    await runToolsInOwnGroups(
      (child) => taken.push(child),
      () => Promise.resolve(),
    );
    const result = await runTool('/bin/sh', ['-c', "awk '{ print $5 }' /proc/$$/stat"], {
      name: 'sh',
      cwd: process.cwd(),
    });
    expect(taken).toEqual([]);
    expect(Number(result.stdout.trim())).toBe(Number(readOwnGroup()));
  });
});

function readOwnGroup(): string {
  // Field 5 of /proc/self/stat is the process group; the command name (field 2) may hold spaces.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]!;
}
