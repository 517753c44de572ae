import { ratchetFileName } from '../core/gate/ratchet-file.js';
import { makeUserError } from '../core/errors.js';
import { pruneBaselineTask, writeBaselineTask, type BaselineWriteResult } from '../tasks/baseline-task.js';
import { publishBaselineTask, type PublishOptions } from '../tasks/publish-task.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';
import { nameRemote } from '../render/report-notes.js';

export interface BaselineCommandOptions {
  cwd?: string;
  write?: boolean;
  prune?: boolean;
  /** Upload the snapshot of HEAD (or `base`) to the remote cache. */
  publish?: boolean;
  base?: string;
  json?: boolean;
}

export async function runBaselineCommand(options: BaselineCommandOptions): Promise<CommandOutcome> {
  if ([options.write, options.prune, options.publish].filter(Boolean).length !== 1) {
    throw makeUserError(
      `culprit baseline needs exactly one of --write (accept every finding as it stands), --prune (remove what no longer exists) or --publish (upload HEAD's snapshot to the remote cache)`,
    );
  }
  if (options.base !== undefined && !options.publish)
    throw makeUserError('--base goes with culprit baseline --publish');
  const task = { cwd: options.cwd, ...taskWords };
  if (options.publish) return runPublish({ ...task, base: options.base }, options.json === true);
  if (options.write) {
    const result = await writeBaselineTask(task);
    const text = result.changed
      ? `culprit: wrote ${ratchetFileName}: ${describeCounts(result)}.`
      : `culprit: ${ratchetFileName} is up to date: ${describeCounts(result)}.`;
    return { stdout: options.json ? renderJson({ action: 'write', ...summarise(result) }) : `${text}\n`, exitCode: 0 };
  }
  const result = await pruneBaselineTask(task);
  const moved = result.renames.map(({ from, to }) => `; ${from} is now ${to}`).join('');
  const text = result.changed
    ? `culprit: pruned ${ratchetFileName}: removed ${result.removed} finding${result.removed === 1 ? '' : 's'} that no longer exist${result.removed === 1 ? 's' : ''}${moved}; ${describeCounts(result)} remain.`
    : `culprit: nothing to prune in ${ratchetFileName}: ${describeCounts(result)}.`;
  return {
    stdout: options.json
      ? renderJson({ action: 'prune', ...summarise(result), removed: result.removed, renames: result.renames })
      : `${text}\n`,
    exitCode: 0,
  };
}

async function runPublish(task: PublishOptions, json: boolean): Promise<CommandOutcome> {
  const result = await publishBaselineTask(task);
  const from = { cache: 'from the local cache', remote: 'already there', run: 'computed now' }[result.source];
  const text = result.uploaded
    ? `culprit: published the baseline of ${result.label} to the ${nameRemote(result.remote)} (${from}; ${result.findings} finding${result.findings === 1 ? '' : 's'}; key ${result.key}).`
    : `culprit: the ${nameRemote(result.remote)} already holds the baseline of ${result.label} (key ${result.key}); nothing to upload.`;
  const summary = {
    action: 'publish',
    label: result.label,
    key: result.key,
    source: result.source,
    uploaded: result.uploaded,
    findings: result.findings,
  };
  return { stdout: json ? renderJson(summary) : `${text}\n`, exitCode: 0 };
}

function summarise(result: BaselineWriteResult): {
  file: string;
  changed: boolean;
  findings: number;
  checks: Record<string, number>;
} {
  return { file: ratchetFileName, changed: result.changed, findings: result.findings, checks: result.perCheck };
}

function describeCounts(result: BaselineWriteResult): string {
  const parts = Object.entries(result.perCheck)
    .map(([name, count]) => `${name}: ${count}`)
    .join(', ');
  return `${result.findings} finding${result.findings === 1 ? '' : 's'}${parts === '' ? '' : ` (${parts})`}`;
}

function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
