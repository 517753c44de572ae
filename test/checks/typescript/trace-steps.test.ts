/**
 * The dependency trace's steps run alone over a TraceState, on a real program: what one step
 * queues for the next level, and what the whole walk finds from the same flagged span.
 */
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterEach, expect, test } from 'vitest';
import { makeProgramView } from '../../../src/checks/typescript/checker-view.js';
import { findNode, makeTraceState, traceSpan, visitNode } from '../../../src/checks/typescript/trace-dependencies.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const use = `import type { RateCard } from './card';
export function charge(card: RateCard): number {
  return card.price;
}
`;

function openProgram(): { program: ts.Program; file: ts.SourceFile; root: string; start: number; end: number } {
  const repo = makeRepo({
    git: false,
    files: {
      'src/card.ts': 'export interface RateCard { id: string; cost: number }\n',
      'src/use.ts': use,
    },
  });
  repos.push(repo);
  const program = ts.createProgram({
    rootNames: [join(repo.root, 'src/card.ts'), join(repo.root, 'src/use.ts')],
    options: { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  const file = program.getSourceFile(join(repo.root, 'src/use.ts'))!;
  const start = use.indexOf('price');
  return { program, file, root: repo.root, start, end: start + 'price'.length };
}

test('visitNode on a member that no longer exists queues the member by name and the object it is read from', () => {
  const { program, file, root, start, end } = openProgram();
  const state = makeTraceState(ts, makeProgramView(ts, program), (path) => relative(root, path));
  const flagged = findNode(ts, file, start, end)!;
  expect(flagged.getText(file)).toBe('price');

  visitNode(state, flagged);

  expect(state.next.map((item) => item.kind)).toEqual(['member', 'expression']);
  const member = state.next[0]!;
  expect(member.kind === 'member' && member.name).toBe('price');
  const expression = state.next[1]!;
  expect(expression.kind === 'expression' && expression.node.getText(file)).toBe('card');
  // A step only queues: no declaration is named, no checker question counted, until the walk visits the items.
  expect(state.refs).toEqual([]);
  expect(state.steps).toBe(0);
});

test('traceSpan walks from the same span to the missing member, named after the type it was read from', () => {
  const { program, file, root, start, end } = openProgram();
  const state = makeTraceState(ts, makeProgramView(ts, program), (path) => relative(root, path));

  const refs = traceSpan(state, file, start, end);

  expect(refs[0]).toEqual({ path: 'src/card.ts', name: 'RateCard.price' });
  expect(refs).toContainEqual({ path: 'src/card.ts', name: 'RateCard' });
  expect(state.steps).toBeGreaterThan(0);
});
