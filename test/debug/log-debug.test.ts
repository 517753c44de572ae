/**
 * `CULPRIT_DEBUG=time` stamps each debug line with the wall clock and the process, after the
 * prefix a worker's lines are passed on by (checks/runner/spawn-worker.ts); `CULPRIT_DEBUG=1`
 * lines stay as tests and users read them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logDebug } from '../../src/debug/log-debug.js';

const saved = process.env['CULPRIT_DEBUG'];
afterEach(() => {
  vi.restoreAllMocks();
  if (saved === undefined) delete process.env['CULPRIT_DEBUG'];
  else process.env['CULPRIT_DEBUG'] = saved;
});

function captureLine(flag: string): string {
  process.env['CULPRIT_DEBUG'] = flag;
  let written = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  });
  logDebug('warm: tsc found nothing changed');
  return written;
}

describe('a debug line', () => {
  it('says when, to a tenth of a millisecond, and which process, under CULPRIT_DEBUG=time', () => {
    const before = new Date().toISOString().slice(11, 19);
    const line = captureLine('time');
    const match = /^culprit debug: (\d\d:\d\d:\d\d)\.\d{4} \[(\d+)\] warm: tsc found nothing changed\n$/.exec(line);
    expect(match, line).not.toBeNull();
    expect(Number(match![2])).toBe(process.pid);
    // The same second as the clock read just before, or the next one.
    const after = new Date().toISOString().slice(11, 19);
    expect([before, after]).toContain(match![1]);
  });

  it('is the message alone under CULPRIT_DEBUG=1', () => {
    expect(captureLine('1')).toBe('culprit debug: warm: tsc found nothing changed\n');
  });
});
