/**
 * `culprit hook <agent>`: the command an agent runs as a hook. Reads the agent's hook JSON on
 * stdin, runs `check` when an edit happened or the model wants to stop, and prints the agent's
 * answer. Exit codes follow the agents, not culprit's CLI: every one of them treats exit 2 as
 * "block and show stderr to the model", which for a broken hook configuration would put the
 * model in a loop it cannot leave, so culprit's own failures exit 1 (shown to the user, never
 * blocking) and findings are always reported through JSON on exit 0.
 */
import type { CheckRunner } from '../checks/runner/run-check.js';
import type { WarmMemory } from '../warm/warm-memory.js';
import { describeError, isUserError } from '../core/errors.js';
import { hookAgents, type HookAgentName } from '../hooks/agents.js';
import { answerHook, type HookAnswer, type HookTrigger } from '../hooks/hook-decision.js';
import { answerJson } from '../hooks/hook-answer.js';
import { parseHookInput } from '../hooks/hook-input.js';
import { askServedCommand, noServer, runServedOrCold, type ServedTurn } from '../serve/client.js';
import { makeServedHookRequest, writeHookOutcome } from './hook-request.js';
import { readStdin } from './stdin.js';

export interface HookCommandOptions {
  agent: HookAgentName;
  /** `-C`: overrides the working directory the agent reports. */
  cwd?: string;
  /** The agent's hook input. */
  input: string;
  /** What runs the checks: the server passes its warm engine. */
  runChecks?: CheckRunner;
  /** What the server keeps between commands. */
  memory?: WarmMemory | undefined;
  /** Whether the agent still waits for a served hook's answer (see CheckTaskOptions.isWanted). */
  isWanted?: () => boolean;
  /** The server writes the attempt after answering (see CheckTaskOptions.afterAnswer). */
  afterAnswer?: ((write: () => Promise<void>) => void) | undefined;
}

/** How the hook reaches the work tree's server (serve/client.ts): culprit's version and CLI entry. */
export interface HookServeOptions {
  version: string;
  cliPath: string;
}

/** What the hook prints and how it exits; `stderr` is one line when culprit itself failed. */
export interface HookOutcome extends HookAnswer {
  stderr: string;
}

export async function runHookCommand(options: HookCommandOptions): Promise<HookOutcome> {
  const agent = hookAgents[options.agent];
  const fail = (what: string): HookOutcome => ({
    stdout: '',
    exitCode: 1,
    stderr: `culprit hook ${options.agent}: ${what}\n`,
  });
  let trigger: HookTrigger | null;
  try {
    trigger = agent.readTrigger(parseHookInput(options.agent, options.input));
  } catch (error) {
    return fail(describeError(error));
  }
  if (trigger === null) return { stdout: '', exitCode: 0, stderr: '' };
  try {
    const cwd = options.cwd ?? trigger.cwd;
    // A check of a tree the last attempt already checked (a stop right after an edit hook, several
    // edit hooks for one change) repeats that attempt. Not on a stop the model is continuing from:
    // coming back with nothing changed after being blocked is exactly what stuck means.
    const oncePerTree = !(trigger.kind === 'stop' && trigger.stopHookActive);
    // Loaded here: a hook the server answers needs none of the cold path.
    const [{ fixTask }, { renderText }, { describeFixes }, { taskWords }] = await Promise.all([
      import('../tasks/fix-task.js'),
      import('../render/text.js'),
      import('../render/fix.js'),
      import('./task-words.js'),
    ]);
    // With `fixBeforeBlock`, what can be fixed is fixed first; otherwise this is a plain check.
    const fixed = await fixTask({
      oncePerTree,
      cwd,
      runChecks: options.runChecks,
      memory: options.memory,
      isWanted: options.isWanted,
      afterAnswer: options.afterAnswer,
      shouldFix: (context) => context.settings.fixBeforeBlock,
      ...taskWords,
    });
    const { report, sources, context } = fixed.result;
    const renderPayload = (outputLimit: number) => renderText(report, { outputLimit, sourceLines: sources.lines });
    const note = fixed.plan.fixes.length === 0 ? undefined : describeFixes(fixed);
    return { ...answerHook(agent, trigger, report, renderPayload, context.settings.outputLimit, note), stderr: '' };
  } catch (error) {
    // A problem the user can fix (no baseline, a bad config) is shown to them in the agent's UI.
    // The model is not told: what it would do about it, such as running start mid-task, is wrong.
    if (isUserError(error)) return { ...answerJson({ systemMessage: `culprit: ${describeError(error)}` }), stderr: '' };
    return fail(`internal error (a bug in culprit, please report it): ${describeError(error)}`);
  }
}

/**
 * The hook through the work tree's server, as `check` asks it (started when none runs), or cold:
 * no check is due, or no server answered.
 */
async function askServedHook(options: HookCommandOptions, serve: HookServeOptions): Promise<ServedTurn> {
  const request = makeServedHookRequest(options.agent, options.input, options.cwd, serve.version);
  if (request === undefined) return noServer; // the cold path reports bad input; no check is due without a trigger
  try {
    return await askServedCommand(request, request.options.cwd, serve.cliPath);
  } catch {
    // culprit's own error as the server met it: the cold hook meets it too and answers it the hook's way.
    return noServer;
  }
}

/** The command's outer edge: stdin in, the answer out (from the work tree's server when one answers), the exit code set. */
export async function runHookFromStdin(
  options: Omit<HookCommandOptions, 'input' | 'runChecks' | 'memory' | 'isWanted' | 'afterAnswer'>,
  serve: HookServeOptions,
): Promise<void> {
  const input = await readStdin();
  const turn = await askServedHook({ ...options, input }, serve);
  await writeHookOutcome(await runServedOrCold(turn, () => runHookCommand({ ...options, input })));
}
