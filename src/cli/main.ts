#!/usr/bin/env node
/**
 * The culprit command line: a thin layer that parses arguments and hands them to the library.
 */
import { Command, CommanderError, Option } from 'commander';
import { createRequire } from 'node:module';
import { runCheckCommand } from './check.js';
import { parsePositiveInteger, runCommand } from './run-command.js';
import { runStartCommand } from './start.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

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
    runCommand(() => runStartCommand({ ...globalOptions(), ...options })),
  );

program
  .command('check')
  .description('run every check, and show what this edit introduced, root causes first')
  .option('--json', 'print one JSON object (same as --format json)')
  .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
  .option('--max-files <n>', 'root units shown per attempt', parsePositiveInteger)
  .option('--output-limit <chars>', 'maximum characters of the text payload', parsePositiveInteger)
  .action((options: { json?: boolean; format?: 'text' | 'json'; maxFiles?: number; outputLimit?: number }) =>
    runCommand(() => runCheckCommand({ ...globalOptions(), ...options })),
  );

function globalOptions(): { cwd?: string } {
  const { cwd } = program.opts<{ cwd?: string }>();
  return cwd === undefined ? {} : { cwd };
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
