/**
 * The idle collector frees a run's garbage once nothing is under way, and never while a request
 * is: a collection during a check would make the check wait for it. Where V8 can (Node 22 and
 * later), the pages it freed go back to the system at once: a process that held a run's peak
 * falls to what it keeps, as the warm worker must between checks. How much it gives back is a
 * figure of `npm run bench` (bench/idle-collection.ts), not an assertion: resident sizes move
 * with the machine's load.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { hasLastResortCollection, makeIdleCollector } from '../../src/warm/idle-collector.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Garbage only a weak reference sees, as a finished run's trees are. */
function garbage(): WeakRef<object> {
  return new WeakRef({ trees: Array.from({ length: 1000 }, (_, i) => ({ i })) });
}

describe('idle collector', () => {
  it('collects once the last request is answered and the delay has passed', async () => {
    const collector = makeIdleCollector(50);
    const left = garbage();
    collector.busy();
    collector.idle();
    await sleep(300);
    expect(left.deref()).toBeUndefined();
  });

  it('waits while another request is still under way', async () => {
    const collector = makeIdleCollector(50);
    collector.busy();
    collector.busy();
    collector.idle();
    const left = garbage();
    await sleep(300);
    expect(left.deref()).toBeDefined();
    collector.idle();
    await sleep(300);
    expect(left.deref()).toBeUndefined();
  });

  it('collects nothing once closed, though a request was answered', async () => {
    const collector = makeIdleCollector(50);
    collector.busy();
    collector.idle();
    collector.close();
    const left = garbage();
    await sleep(300);
    expect(left.deref()).toBeDefined();
    // A request answered after (one the stopping server finishes) schedules none either.
    collector.busy();
    collector.idle();
    await sleep(300);
    expect(left.deref()).toBeDefined();
  });

  it('after a run with little garbage, collects only the young generation', async () => {
    const collector = makeIdleCollector(50);
    // The first idle time collects in full: it is the measure of what later runs leave.
    collector.busy();
    collector.idle();
    await sleep(300);
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      collector.busy();
      garbage();
      collector.idle();
      await sleep(300);
      expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
      expect(kinds).not.toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    } finally {
      observer.disconnect();
    }
  });

  it('uses the collection that returns pages from V8 12 (Node 22) on', () => {
    expect(hasLastResortCollection('11.3.244.8-node.38')).toBe(false);
    expect(hasLastResortCollection('12.4.254.21-node.57')).toBe(true);
    expect(hasLastResortCollection('13.6.233.17-node.63')).toBe(true);
  });
});
