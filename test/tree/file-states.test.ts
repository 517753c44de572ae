/**
 * A warm worker's sessions share one request's stats (tree/file-states.ts): each file is asked of
 * the system once per request, every session still tells its own changes, and a new request
 * reads afresh.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFileStates, makeSharedStats } from '../../src/tree/file-states.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A file whose times are a minute old: not racily clean, so only a real change reports it. */
function makeOldFile(content: string): string {
  const root = mkdtempSync(join(tmpdir(), 'culprit-file-states-'));
  roots.push(root);
  const path = join(root, 'a.ts');
  writeFileSync(path, content);
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(path, minuteAgo, minuteAgo);
  return path;
}

describe('file states with shared stats', () => {
  it('tells each session of a change once, from one stat per request', () => {
    const path = makeOldFile('export const a = 1;\n');
    const stats = makeSharedStats();
    const tsc = makeFileStates({ stats });
    const eslint = makeFileStates({ stats });
    tsc.record(path);
    eslint.record(path);
    stats.renew();
    expect(tsc.takeChanged()).toEqual([]);
    expect(eslint.takeChanged()).toEqual([]);

    writeFileSync(path, 'export const a = 22;\n');
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(path, minuteAgo, new Date(Date.now() - 30_000));
    // Within the request the stats are the ones read first: the change is seen from the next one.
    expect(tsc.takeChanged()).toEqual([]);
    stats.renew();
    expect(tsc.takeChanged()).toEqual([path]);
    expect(eslint.takeChanged()).toEqual([path]);
    stats.renew();
    expect(tsc.takeChanged()).toEqual([]);
    expect(eslint.takeChanged()).toEqual([]);
  });
});

describe("file states that record a changed file's content (hashChanged)", () => {
  it('report a file rewritten with the same text (or racily clean) only when its content is another', () => {
    const path = makeOldFile('export const a = 1;\n');
    const states = makeFileStates({ hashChanged: true });
    states.record(path);
    // Found changed once (nothing knew its content yet), and its content is recorded then.
    writeFileSync(path, 'export const a = 0;\n');
    expect(states.takeChanged()).toEqual([path]);
    writeFileSync(path, 'export const a = 1;\n');
    expect(states.takeChanged()).toEqual([path]);
    writeFileSync(path, 'export const a = 1;\n');
    // The stat moved, and it is racily clean now: the content decides, and it is the same.
    expect(states.takeChanged()).toEqual([]);
    expect(states.takeChanged()).toEqual([]);
    writeFileSync(path, 'export const a = 2;\n');
    expect(states.takeChanged()).toEqual([path]);
    // Recorded again as it is now: that content is the one compared with from here on.
    expect(states.takeChanged()).toEqual([]);
  });

  it('report a file written after it was found changed, while its reader reads it', () => {
    const path = makeOldFile('export const a = 1;\n');
    const states = makeFileStates({ hashChanged: true });
    states.record(path);
    writeFileSync(path, 'export const a = 2;\n');
    expect(states.takeChanged()).toEqual([path]);
    // The reader reads it now; a write meanwhile is found at the next look.
    writeFileSync(path, 'export const a = 3;\n');
    expect(states.takeChanged()).toEqual([path]);
  });

  it('with hashChanged, report a changed file, then again only when its content is another', () => {
    const path = makeOldFile('export const a = 1;\n');
    const states = makeFileStates({ hashChanged: true });
    states.record(path);
    writeFileSync(path, 'export const a = 2;\n');
    // Changed, and recorded with the content its reader (a tool reading files itself) reads next.
    expect(states.takeChanged()).toEqual([path]);
    // Racily clean now, but the same content: not again (the check after a followed edit).
    expect(states.takeChanged()).toEqual([]);
    writeFileSync(path, 'export const a = 2;\n');
    expect(states.takeChanged()).toEqual([]);
    writeFileSync(path, 'export const a = 3;\n');
    expect(states.takeChanged()).toEqual([path]);
  });

  it('without the content, report a racily clean file as possibly changed, as before', () => {
    const path = makeOldFile('export const a = 1;\n');
    const states = makeFileStates();
    writeFileSync(path, 'export const a = 1;\n');
    states.record(path);
    expect(states.takeChanged()).toEqual([path]);
  });
});
