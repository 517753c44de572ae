/**
 * The command lines the served shortcut (served.ts) takes, told from the arguments alone: main.ts
 * asks before it loads anything else, to connect to the work tree's server while the rest loads.
 */
import { hookAgentNames, type HookAgentName } from '../hooks/agent-names.js';

/** A command line the shortcut takes. */
export type ServedShortcut = { command: 'check'; json: boolean } | { command: 'hook'; agent: HookAgentName };

/** The shortcut `args` (the command line after node and the script) is, or undefined for the full command line. */
export function matchServedShortcut(args: readonly string[]): ServedShortcut | undefined {
  const [command, ...rest] = args;
  // check's positional files are ignored by the command (aider's --lint-cmd appends them); any option but --json is not for here.
  if (command === 'check' && rest.every((arg) => arg === '--json' || !arg.startsWith('-'))) {
    return { command, json: rest.includes('--json') };
  }
  const [agent] = rest;
  if (command === 'hook' && rest.length === 1 && isHookAgentName(agent)) return { command, agent };
  return undefined;
}

function isHookAgentName(name: string | undefined): name is HookAgentName {
  return (hookAgentNames as readonly (string | undefined)[]).includes(name);
}
