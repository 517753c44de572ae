/**
 * The idle collector frees a run's garbage once nothing is under way, and never while a request
 * is: a collection during a check would make the check wait for it.
 */
import { describe, expect, it } from 'vitest';
import { makeIdleCollector } from '../../src/warm/idle-collector.js';

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
});
