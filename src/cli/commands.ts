/**
 * The culprit command line: a thin layer that parses arguments and hands them to the library
 * (loaded by main.ts, the entry).
 */
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatNames, type FormatName } from '../render/format-names.js';
import { hookAgentNames, type HookAgentName } from '../hooks/agent-names.js';
import { askServedCheck, askServedCommand, runServedOrCold } from '../serve/client.js';
import { defaultIdleSeconds, type ServedCommandRequest } from '../serve/protocol.js';
import { runCommand, type CommandOutcome } from './run-command.js';
import { isProgressShown, withProgressLine } from './progress-line.js';
import { reportCheckProgress } from '../checks/runner/progress.js';
import { checkDefaults } from './served.js';
import { version } from './version.js';
import type { CheckCommandOptions } from './check.js';
import type { FixCommandOptions } from './fix.js';

/** What a server started by start, check or hook runs (serve/autostart.ts): the CLI's entry. */
const cliPath = fileURLToPath(new URL('./main.js', import.meta.url));

// Each command's modules load when it runs: a check a warm server answers then costs little more
// than node's own start-up (the MCP SDK, the checks and the triage are not read for it).
const program = new Command('culprit')
  .description('Show a coding agent only what its edit broke, root causes first.')
  .version(version)
  .option('-C, --cwd <dir>', 'run in this directory (the repository is found from it)')
  .showHelpAfterError()
  .exitOverride();

program
  .command('start')
  .description("take the task's baseline: run every check once on the tree as it is")
  .option('--json', 'print a JSON object instead of text')
  .action((options: { json?: boolean }) =>
    // Through the work tree's server (started when none runs): its warm engine takes the snapshot, so the first check is warm.
    runServedCommand('start', options, async (start) => (await import('./start.js')).runStartCommand(start)),
  );

program
  .command('check')
  .description('run every check, and show what this edit introduced, root causes first')
  .argument(
    '[files...]',
    "ignored: the whole repository is always checked (accepted so aider's --lint-cmd can append the edited file)",
  )
  .option('--json', 'print one JSON object (same as --format json)')
  .addOption(new Option('--format <format>', 'output format').choices(formatNames).default(checkDefaults.format))
  .option('--max-files <n>', 'root units shown per attempt', parsePositiveInteger)
  .option('--output-limit <chars>', 'maximum characters of the text payload', parsePositiveInteger)
  .option('--base <rev>', "compare with this revision's tree (e.g. origin/main); default: the started task, else HEAD")
  .option(
    '--once-per-tree',
    'when nothing changed since the last attempt, repeat it instead of counting a new one (the default; kept for scripts that pass it)',
  )
  .option('--no-once-per-tree', 'count this check as a new attempt even when nothing changed since the last one')
  .option(
    '--budget-attempts <n>',
    "attempts this task may take: project the attempts left from the repository's ledger and say when they exceed it",
    parsePositiveInteger,
  )
  .option(
    '--budget-seconds <n>',
    "seconds this task may take, the agent's own time included (see --budget-attempts)",
    parsePositiveInteger,
  )
  .action(
    (
      _files: string[],
      // A type import: the cold path's modules load only when the server does not answer.
      options: Omit<CheckCommandOptions, 'cwd' | 'runChecks' | 'isWanted' | 'afterAnswer'>,
    ) =>
      runCommand(async () => {
        const check = { ...globalOptions(), ...options };
        const shown = isProgressShown(check);
        return withProgressLine(shown, async () => {
          // The work tree's `culprit serve` answers (started when none runs); only without it is the cold path loaded.
          const turn = await askServedCheck(
            shown ? { ...check, progress: true } : check,
            version,
            cliPath,
            reportCheckProgress,
          );
          if (turn.kind === 'served') process.stderr.write(turn.stderr);
          return runServedOrCold(turn, async () => (await import('./check.js')).runCheckCommand(check));
        });
      }),
  );

const debt = program
  .command('debt')
  .description("pay down standing findings: a campaign whose task is the repository's debt (start, then check)");

debt
  .command('start')
  .description('pick standing findings as the task, root causes first, and begin a debt campaign')
  .option('--rule <rule>', 'only findings of this rule or code (repeatable)', collect, [])
  .option('--path <glob>', 'only findings in files this glob matches (repeatable)', collect, [])
  .option('--tool <check>', 'only findings of this check (eslint, tsc, …)')
  .option('--max <n>', 'at most this many targets (default 20)', parsePositiveInteger)
  .option('--max-files <n>', 'root units shown for what the campaign introduces', parsePositiveInteger)
  .option('--output-limit <chars>', 'maximum characters of the text payload', parsePositiveInteger)
  .option('--json', "print one JSON object: check's, with targets")
  .action((options: { rule: string[]; path: string[]; tool?: string; max?: number; json?: boolean }) =>
    runCommand(() =>
      withProgressLine(isProgressShown(options), async () =>
        (await import('./debt.js')).runDebtStartCommand({ ...globalOptions(), ...options }),
      ),
    ),
  );

debt
  .command('check')
  .description("compare the tree with the campaign's start: targets fixed, and anything the campaign broke")
  .option('--max-files <n>', 'root units shown for what the campaign introduces', parsePositiveInteger)
  .option('--output-limit <chars>', 'maximum characters of the text payload', parsePositiveInteger)
  .option('--json', "print one JSON object: check's, with targets")
  .action((options: { json?: boolean }) =>
    runCommand(async () => (await import('./debt.js')).runDebtCheckCommand({ ...globalOptions(), ...options })),
  );

program
  .command('fix')
  .description(
    "fix what this edit introduced, and only that: ESLint's fixes, TypeScript's one safe quick fix, the sites of a renamed declaration; then check again and show the report",
  )
  .option('--dry-run', 'print the fixes as a unified diff and change nothing')
  .option('--json', 'print one JSON object: the report after the fixes, and fixes[]')
  .option('--suggestions', "also apply a finding's suggestion when its tool offers exactly one and no fix")
  .option('--max-files <n>', 'root units shown per attempt', parsePositiveInteger)
  .option('--output-limit <chars>', 'maximum characters of the text payload', parsePositiveInteger)
  .option('--base <rev>', "compare with this revision's tree (e.g. origin/main); default: the started task, else HEAD")
  .action((options: Omit<FixCommandOptions, 'cwd' | 'runChecks' | 'isWanted'>) =>
    // As check: the work tree's `culprit serve` answers (started when none runs), its checks warm.
    runServedCommand('fix', options, async (fix) => (await import('./fix.js')).runFixCommand(fix)),
  );

program
  .command('stats')
  .description("what each check is worth and what an attempt costs, from this repository's ledger of checks")
  .option('--json', 'print one JSON object instead of text')
  .option(
    '--since <when>',
    'only tasks begun since then: an ISO date or time, or a duration back from now (90m, 12h, 7d)',
  )
  .action((options: { json?: boolean; since?: string }) =>
    runCommand(async () => (await import('./stats.js')).runStatsCommand({ ...globalOptions(), ...options })),
  );

program
  .command('gate')
  .description('fail on any finding culprit-baseline.json does not allow, and on entries that no longer exist')
  .option('--json', 'print one JSON object (same as --format json)')
  .addOption(new Option('--format <format>', 'output format').choices(formatNames).default('text'))
  .action((options: { json?: boolean; format?: FormatName }) =>
    runCommand(async () => (await import('./gate.js')).runGateCommand({ ...globalOptions(), ...options })),
  );

program
  .command('baseline')
  .description(
    "write culprit-baseline.json (--write), remove its entries that no longer exist (--prune), or upload HEAD's snapshot to the remote cache (--publish)",
  )
  .option('--write', 'accept every finding as it stands')
  .option('--prune', 'remove entries that no longer exist; never adds any')
  .option(
    '--publish',
    'compute (or find) the snapshot of HEAD, or of --base, and upload it to the remote cache (docs/fleet.md)',
  )
  .option('--base <rev>', 'with --publish: the revision whose tree is published (default HEAD)')
  .option('--json', 'print a JSON object instead of text')
  .action((options: { write?: boolean; prune?: boolean; publish?: boolean; base?: string; json?: boolean }) =>
    runCommand(async () => (await import('./baseline.js')).runBaselineCommand({ ...globalOptions(), ...options })),
  );

program
  .command('serve')
  .description(
    "keep this work tree's checks warm; start, check and hook here use the server while it runs, and start it in the background when none runs (foreground; logs to stderr)",
  )
  .option('--stop', 'stop the server running for this work tree')
  .option('--status', 'say whether a server runs for this work tree, since when, and how much memory it holds')
  .option(
    '--verify',
    'after each check, run it cold too on a copy of the same tree and log any difference (slow; for reporting bugs)',
  )
  .option(
    '--idle-timeout <seconds>',
    `exit after this many seconds without a check (default ${defaultIdleSeconds})`,
    parsePositiveInteger,
  )
  .addOption(
    new Option('--started-by-command', 'internal: started by start, check or hook, which primes it').hideHelp(),
  )
  .action(
    (options: {
      stop?: boolean;
      status?: boolean;
      verify?: boolean;
      idleTimeout?: number;
      startedByCommand?: boolean;
    }) =>
      runCommand(async () => (await import('./serve.js')).runServeCommand({ ...globalOptions(), ...options, version })),
  );

program
  .command('mcp')
  .description('serve the MCP tools start, check and explain over stdio for this repository')
  .action(async () => (await import('./mcp.js')).runMcpCommand({ ...globalOptions(), version }));

program
  .command('hook')
  .description("answer an agent's hook: read its hook JSON on stdin, check after an edit or before a stop")
  .addArgument(new Argument('<agent>', 'the agent running the hook').choices(hookAgentNames))
  .action(async (agent: HookAgentName) =>
    (await import('./hook.js')).runHookFromStdin({ ...globalOptions(), agent }, { version, cliPath }),
  );

/**
 * A command the work tree's server answers when one runs (started when none does); only without
 * it is the cold path loaded and run.
 */
function runServedCommand<Options extends object>(
  command: 'start' | 'fix',
  options: Options,
  runCold: (options: Options & { cwd?: string }) => Promise<CommandOutcome>,
): Promise<void> {
  return runCommand(async () => {
    const withCwd = { ...globalOptions(), ...options };
    const cwd = resolve(withCwd.cwd ?? process.cwd());
    // start takes minutes on a large repository: on a terminal, its checks' progress is shown.
    const shown = command === 'start' && isProgressShown(withCwd);
    const request = {
      version,
      command,
      // Undefined unless shown, so the JSON leaves it out: fix's options do not take it (serve/request-schema.ts).
      options: { ...withCwd, cwd, progress: shown ? true : undefined },
    } as ServedCommandRequest;
    return withProgressLine(shown, async () => {
      const turn = await askServedCommand(request, cwd, cliPath, reportCheckProgress);
      if (turn.kind === 'served') process.stderr.write(turn.stderr);
      return runServedOrCold(turn, () => runCold(withCwd));
    });
  });
}

/** Parses a positive integer option, for commander: its own error type makes a bad value a usage error (exit 2), not a crash. */
function parsePositiveInteger(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  }
  return number;
}

/** A repeatable option's values, in the order given. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function globalOptions(): { cwd?: string | undefined } {
  return { cwd: program.opts<{ cwd?: string }>().cwd };
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; every usage error exits 2, never 1 (which means "findings").
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    throw error;
  }
}
