/**
 * The served shortcut: a `culprit check` or `culprit hook <agent>` that the work tree's warm
 * server answers is mostly this process's start-up, so main.ts tries it before loading the
 * command line (commander, the serve client's git discovery and autostart, the cold commands).
 * It takes only the exact shapes agents and harnesses run (`check`, `check --json`, `check` with
 * the edited files appended, `hook <agent>`), asks the server the quick way (its socket told from
 * the nearest `.git`) the very request the full command would send, and prints its outcome as
 * the full command does. Anything else (another option, no server or one that will not answer,
 * a progress line to draw, `CULPRIT_NO_SERVE=1`) is left to the full command line, which asks
 * again, starts a server or runs cold, exactly as without the shortcut.
 */
import type { HookAgentName } from '../hooks/agent-names.js';
import { askWorkTreeServer, isSettled, makeServedCheckRequest, readServedAnswer } from '../serve/ask-server.js';
import { isServeOff } from '../serve/connect-server.js';
import { matchServedShortcut } from './served-shape.js';
import type { FormatName } from '../render/format-names.js';
import { isProgressShown } from './progress-line.js';
import { runCommand } from './run-command.js';
import { readStdin } from './stdin.js';
import { version } from './version.js';

/** `check`'s option defaults, which commands.ts gives commander: a shortcut check sends them as it would. */
export const checkDefaults: { format: FormatName } = { format: 'text' };

/** Runs the command through the work tree's server when the shortcut takes it and the server answers; false: nothing was done. */
export async function runServedShortcut(args: readonly string[]): Promise<boolean> {
  const shortcut = matchServedShortcut(args);
  if (shortcut === undefined || isServeOff()) return false;
  return shortcut.command === 'check' ? runServedCheck(shortcut.json) : runServedHook(shortcut.agent);
}

async function runServedCheck(json: boolean): Promise<boolean> {
  const options = json ? { ...checkDefaults, json } : { ...checkDefaults };
  if (isProgressShown(options)) return false;
  const request = makeServedCheckRequest(options, version);
  const { socket, answer } = await askWorkTreeServer(request, request.options.cwd);
  if (!isSettled(answer)) return false;
  // As the full command: culprit's own error there is printed and exits 2, by the same edge.
  await runCommand(() => {
    const served = readServedAnswer(answer, socket!);
    process.stderr.write(served.stderr);
    return Promise.resolve(served);
  });
  return true;
}

async function runServedHook(agent: HookAgentName): Promise<boolean> {
  // Read once: when the server does not answer, the full command's hook gets the same input. The
  // agents' hook code loads meanwhile (a check needs none of it).
  const [{ makeServedHookRequest, writeHookOutcome }, input] = await Promise.all([
    import('./hook-request.js'),
    readStdin(),
  ]);
  const request = makeServedHookRequest(agent, input, undefined, version);
  if (request === undefined) return false;
  const { socket, answer } = await askWorkTreeServer(request, request.options.cwd);
  // culprit's own error there is the cold hook's to answer, as the full command does.
  if (answer?.kind !== 'outcome') return false;
  await writeHookOutcome(readServedAnswer(answer, socket!));
  return true;
}
