/**
 * The warm engine on the other TypeScript versions answers what a cold run answers: the cascade,
 * the key staleness case, and files appearing (git ignoring some) and going (see scenarios.ts).
 */
import { describe, it } from 'vitest';
import { useDebugLines, useRepos, useWarmEngine } from './helpers.js';
import { shortEdits, walk } from './scenarios.js';
import { makeWorkspace } from './workspace.js';

const repos = useRepos();
const getEngine = useWarmEngine();
const debug = useDebugLines();

describe('the warm engine', () => {
  it('answers what a cold run answers on TypeScript 5.9', async () => {
    await walk(repos.add(makeWorkspace('5.9', false)), shortEdits(false), getEngine(), debug.take);
  });

  // The native session (tsgo through typescript/unstable/sync). typescript-eslint cannot use
  // TypeScript 7: here it finds culprit's TypeScript 6, as it would one installed beside 7, so
  // ESLint builds its own programs and the warm session re-lints every type-aware file each run.
  it('answers what a cold run answers on TypeScript 7, with typescript-eslint on TypeScript 6', async () => {
    await walk(repos.add(makeWorkspace('7')), shortEdits(true), getEngine(), debug.take);
  });
});
