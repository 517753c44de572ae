/**
 * The `command` check: any command that prints a SARIF 2.1.0 log (adapter.ts; the log's parser,
 * checks/output/sarif-log.ts, is shared with oxlint and biome). It runs only when configured, and
 * gives findings without a graph.
 */
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import { defaultMaxOutputBytes } from '../runner/output-bound.js';
import type { RawCommandCheck } from './schema.js';

export interface CommandOptions extends ExecutableOptions {
  /** The program and its arguments, run in the root without a shell. */
  command: string[];
  /** What the command prints on stdout. */
  format: 'sarif';
  /** The phase its findings belong to. */
  phase: 'semantic' | 'lint';
  /** More than this many bytes on stdout fails the check instead of filling culprit's memory. */
  maxOutputBytes: number;
}

export const commandCheck: CheckDefinition<'command', CommandOptions, RawCommandCheck> = {
  kind: 'command',
  resolveOptions: (raw, root) => ({
    workTree: root,
    command: raw.command,
    format: raw.format ?? 'sarif',
    phase: raw.phase ?? 'lint',
    maxOutputBytes: raw.maxOutputBytes ?? defaultMaxOutputBytes,
  }),
  loadSchema: async () => (await import('./schema.js')).commandCheckSchema,
  run: async (request) => (await import('./adapter.js')).runSarifCommand(request),
  graph: 'none',
};
