/** What `culprit start` (and the MCP server's start tool) says about the baseline it took. */
import type { SnapshotCheck } from '../core/snapshot.js';
import { countOf } from './wording.js';
import { escapeControls } from './escape-controls.js';

/** What the sentence is made from (tasks/start-task.ts's StartResult). */
export interface StartSummary {
  baseline: { checks: readonly Pick<SnapshotCheck, 'name' | 'status' | 'version' | 'error' | 'diagnostics'>[] };
  findings: number;
  errors: number;
  cached: boolean;
  source: 'cache' | 'remote' | 'run';
}

/**
 * One line for the agent: was the repository clean before this task? Only when every check
 * completed: a check that failed, timed out or is missing leads the answer instead, and nothing
 * is called clean.
 */
export function describeStart(result: StartSummary): string {
  const failed = result.baseline.checks.filter((check) => check.status !== 'ok');
  const completed = result.baseline.checks.filter((check) => check.status === 'ok');
  const perCheck = completed
    .map((check) => `${check.name}${check.version === null ? '' : ` ${check.version}`}: ${check.diagnostics.length}`)
    .join(', ');
  const how =
    result.source === 'remote'
      ? ' (from the remote cache, where this tree was published with the same checks and tools: nothing ran)'
      : result.cached
        ? ' (this tree was snapshotted before with the same checks and tools: nothing ran)'
        : '';
  if (failed.length > 0) {
    const problems = failed.map((check) => `${check.name} ${check.status}: ${check.error ?? 'no detail'}`).join('; ');
    const others =
      completed.length === 0 ? '' : `; the other checks found ${countOf(result.findings, 'finding')} (${perCheck})`;
    return escapeControls(
      `culprit: the baseline is incomplete, so check cannot attribute ${failed.map((check) => check.name).join(', ')} until start succeeds: ${problems}${others}.\n`,
    );
  }
  const state =
    result.findings === 0
      ? `the repository was clean before this task (${perCheck})`
      : `the repository was not clean before this task: ${countOf(result.findings, 'finding')}, ${countOf(result.errors, 'error')} (${perCheck}); they are the baseline and will not be shown again`;
  return `culprit: baseline taken${how}; ${state}.\n`;
}

/** Why the MCP server takes no new baseline: its last check found what the edits introduced. */
export function describeRefusedStart(introduced: number): string {
  const them = introduced === 1 ? 'it' : 'them';
  return `culprit: no new baseline: your last check found ${countOf(introduced, 'finding')} your edits introduced, and a baseline taken now would count ${them} as standing. Fix ${them} (check shows what to fix), or leave the decision to a person.`;
}
