/**
 * The MCP server: culprit's `start`, `check`, `fix` and `explain` as tools for one repository. It is a
 * thin layer over the library like the CLI, with one difference: it lives for a whole agent
 * session, so it keeps the last check in memory (explain answers from it without running the
 * checks again) and keeps tsc and ESLint warm between checks (src/warm/). Calls run one at a
 * time, in order, because each check is an attempt of the task's session. It writes nothing to
 * stdout itself; the transport owns it.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeError, isUserError, makeUserError } from '../core/errors.js';
import { isInside } from '../core/is-inside.js';
import { renderJson } from '../render/json.js';
import { renderText } from '../render/text.js';
import { makeTaskWords } from '../render/task-words.js';
import { checkTask, type CheckResult } from '../tasks/check-task.js';
import { fixTask } from '../tasks/fix-task.js';
import { renderFixJson, renderFixText } from '../render/fix.js';
import { describeRefusedStart, describeStart } from '../render/start.js';
import { startTask } from '../tasks/start-task.js';
import { makeAnswerWrites, type AnswerWrites } from '../tasks/after-answer.js';
import { debtCheckTask, debtStartTask } from '../tasks/debt-task.js';
import { makeWarmEngine, type WarmEngine } from '../warm/warm-engine.js';
import { makeWarmMemory, type WarmMemory } from '../warm/warm-memory.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import { isPrimeNeeded, primeWarmEngine } from '../warm/prime-warm-engine.js';
import { followEdits, type EditFollower } from '../warm/follow-edit.js';
import type { TaskContext } from '../tasks/context.js';
import { explainFile, renderExplanation } from '../render/explain.js';
import { checkOutputSchema, explainOutputSchema, fixOutputSchema } from './report-schema.js';

export interface ServerOptions {
  /** The repository is found from here (default: the process's working directory). */
  cwd?: string | undefined;
  version: string;
  /** Where diagnostics go; never stdout, which carries the protocol. */
  log?: (line: string) => void;
  /** Keep tsc and ESLint warm between checks (default true); false runs every check cold. */
  warm?: boolean;
}

const instructions = `culprit runs this repository's own checks (tsc, ESLint) and shows only what your edits introduced, root causes first.
Call start once before your first edit. After each attempt call check, fix only the findings it shows (the others are likely echoes of them and are re-checked after the fix), and call check again. When check shows findings ESLint can fix, a missing import, or the sites of a declaration you renamed, call fix instead of editing them by hand: it fixes only what your edits introduced, then checks again. Stop retrying when the verdict is stuck. Use explain to see what check withheld behind a root cause or in a file.
To pay down the repository's standing findings instead, call debt with action start: its targets are the task. Fix them, call debt with action check until the verdict is clean, and fix anything it says the campaign introduced.`;

/** What the server keeps between tool calls. */
interface ServerState {
  readonly cwd: string;
  readonly log: (line: string) => void;
  /** The last check of this server's lifetime: what explain reads. */
  last: CheckResult | undefined;
  /**
   * How many findings the last check or fix said the edits introduced. A start now would take
   * them as the repository's standing state, and the loop's next check would say clean: refused.
   */
  introduced: number;
  /** The tool call under way, or the last one: the next waits for it. */
  queue: Promise<unknown>;
  /** Warm workers for the repository's checks, kept between tool calls; gone with the server. */
  readonly memory: WarmMemory | undefined;
  readonly engine: WarmEngine | undefined;
  /** The priming run while it is under way: beside the tool calls, not before them. */
  priming: Promise<void> | undefined;
  /** What the call under way left for after its answer (the attempt's session file and ledger). */
  readonly writes: AnswerWrites;
  /** The last call's answer and then its writes: what a server closing waits for (settleWrites). */
  writing: Promise<void>;
  /** The work tree whose edits the warm worker follows (warm/follow-edit.ts), once a call found it. */
  follows: { root: string; follower: EditFollower | undefined } | undefined;
}

const states = new WeakMap<McpServer, ServerState>();

export function makeServer(options: ServerOptions): McpServer {
  const server = new McpServer({ name: 'culprit', version: options.version }, { instructions });
  const state = makeServerState(options);
  states.set(server, state);
  const engine = state.engine;
  if (engine !== undefined) {
    const closed = server.server.onclose;
    server.server.onclose = () => {
      state.follows?.follower?.close();
      engine.close();
      state.memory?.close();
      closed?.();
    };
  }
  registerStart(server, state);
  registerCheck(server, state);
  registerDebt(server, state);
  registerFix(server, state);
  registerExplain(server, state);
  return server;
}

/**
 * Waits for what an answered call left to write (its attempt's session file and ledger), so a
 * client that leaves right after its answer loses no attempt; a call still under way is not
 * waited for (interrupted, it records nothing, as a cold check would).
 */
export async function settleWrites(server: McpServer): Promise<void> {
  await states.get(server)?.writing.catch(() => undefined);
}

function makeServerState(options: ServerOptions): ServerState {
  const memory = options.warm === false ? undefined : makeWarmMemory();
  return {
    cwd: options.cwd ?? process.cwd(),
    log: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
    last: undefined,
    introduced: 0,
    queue: Promise.resolve(),
    memory,
    engine: memory === undefined ? undefined : makeWarmEngine({ trees: memory.trees }),
    priming: undefined,
    writes: makeAnswerWrites(),
    writing: Promise.resolve(),
    follows: undefined,
  };
}

/** After a call found the work tree: its edits are followed from now on (one tree; a call in another moves it there). */
function followTree(state: ServerState, context: TaskContext): void {
  const { engine, memory } = state;
  const { root, repo } = context;
  if (engine === undefined || memory === undefined || repo === null || state.follows?.root === root) return;
  state.follows?.follower?.close();
  const follower = followEdits({
    engine,
    context: { ...context, repo, memory },
    enqueue: (follow) => {
      state.queue = state.queue
        .then(follow)
        .catch((error: unknown) =>
          state.log(`culprit mcp: following an edit failed (a bug in culprit): ${describeError(error)}`),
        );
    },
    mayFollow: () => state.priming === undefined,
    log: state.log,
  });
  state.follows = { root, follower };
}

/**
 * What runs a tool's checks. start is the baseline run and the warm worker takes it (after a
 * priming under way), so that run is what warms it; any other call is answered at once while
 * the worker primes, cold (from the baseline where the edit allows), never after waiting for it.
 */
async function warmFor(
  state: ServerState,
  command: 'start' | 'other',
): Promise<{ runChecks?: CheckRunner; memory?: WarmMemory }> {
  const { engine, memory } = state;
  if (engine === undefined || memory === undefined) return {};
  if (command === 'start') await state.priming;
  return state.priming === undefined ? { runChecks: engine.runChecks, memory } : { memory };
}

/** A tool call's task options: warm as above, its notices worded on stderr, its payload counted as text for the ledger. */
async function optionsFor(state: ServerState, command: 'start' | 'other') {
  return {
    ...makeTaskWords((text) => process.stderr.write(text)),
    ...(await warmFor(state, command)),
  };
}

/** Runs tool calls one after another and turns failures into error results naming the cause. */
function serve<Args>(
  state: ServerState,
  name: string,
  handler: (args: Args) => CallToolResult | Promise<CallToolResult>,
): (args: Args) => Promise<CallToolResult> {
  return (args: Args): Promise<CallToolResult> => {
    const run = state.queue
      .then(() => {
        state.follows?.follower?.commandStarted();
        return handler(args);
      })
      .catch((error: unknown): CallToolResult => {
        if (!isUserError(error))
          state.log(
            `culprit mcp: ${name} failed (a bug in culprit): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
        return { isError: true, content: [{ type: 'text', text: `culprit: ${describeError(error)}` }] };
      });
    // The writes wait for the answer to go out (the transport sends it in this turn's microtasks)
    // and still come before the next call, which reads what they write.
    state.queue = run.then(() => {
      state.writing = new Promise((resolve) => setImmediate(resolve)).then(() =>
        state.writes.flush((line) => state.log(`culprit mcp: ${line}`)),
      );
      return state.writing;
    });
    return run;
  };
}

function registerStart(server: McpServer, state: ServerState): void {
  server.registerTool(
    'start',
    {
      title: 'Take the baseline',
      description:
        "Take this task's baseline: run every check once on the repository as it is now. Call it once, before your first edit; check then reports only what your edits introduced. Calling it again starts a new task from the current tree, which is refused while your last check found findings your edits introduced.",
      inputSchema: z.strictObject({}),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    serve(state, 'start', () => answerStart(state)),
  );
}

async function answerStart(state: ServerState): Promise<CallToolResult> {
  if (state.introduced > 0)
    return { isError: true, content: [{ type: 'text', text: describeRefusedStart(state.introduced) }] };
  const { engine } = state;
  // The warm worker takes the baseline run, so that run is what warms it for the checks after.
  const result = await startTask({ cwd: state.cwd, ...(await optionsFor(state, 'start')) });
  state.last = undefined;
  followTree(state, result.context);
  // A start the cache answered ran nothing here: the worker starts from that baseline while the
  // agent edits. One that took the start is warm: the next check is its increment.
  if (engine !== undefined && isPrimeNeeded(engine, result.context.root)) {
    const run: Promise<void> = primeWarmEngine(engine, result.context, {
      tree: result.baseline.tree,
      baseline: result.baseline,
    }).finally(() => {
      if (state.priming === run) state.priming = undefined;
    });
    state.priming = run;
  }
  return { isError: !result.complete, content: [{ type: 'text', text: describeStart(result) }] };
}

function registerCheck(server: McpServer, state: ServerState): void {
  server.registerTool(
    'check',
    {
      title: 'Check the edit',
      description:
        'Run every check and report what your edits introduced since start, root causes first. The text is what to act on; the structured result is the same object as `culprit check --json` with that text as its first field, `text`. Fix the shown findings and call check again; verdict stuck means stop retrying, check-failed means nothing is known to be clean.',
      inputSchema: z.strictObject({
        maxFiles: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('Root units to show in this attempt (default: the configured maxFiles, 2).'),
      }),
      outputSchema: checkOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    serve(state, 'check', async ({ maxFiles }: { maxFiles?: number | undefined }) => {
      const { cwd } = state;
      const warm = await optionsFor(state, 'other');
      const result = await checkTask({ cwd, maxFiles, ...warm, afterAnswer: state.writes.afterAnswer });
      state.last = result;
      state.introduced = result.report.counts.introduced;
      followTree(state, result.context);
      return answerReport(result);
    }),
  );
}

interface DebtArgs {
  action: 'start' | 'check';
  rules?: string[] | undefined;
  paths?: string[] | undefined;
  tool?: string | undefined;
  max?: number | undefined;
}

function registerDebt(server: McpServer, state: ServerState): void {
  server.registerTool(
    'debt',
    {
      title: 'Pay down standing findings',
      description:
        "A campaign whose task is the repository's standing findings. action start picks the targets (up to max, from the files with the most findings, never generated or vendored files) and shows them root causes first; action check compares the tree with the campaign's start: targets fixed, targets left (shown), and anything the campaign introduced (shown, as check shows it). The structured result is `culprit debt check --json` with `text` first; `targets` counts total, resolved and remaining. Clean means every target is fixed and nothing was introduced. The agent task of start and check is not affected.",
      inputSchema: z.strictObject({
        action: z
          .enum(['start', 'check'])
          .describe('start: begin a campaign on the tree as it is. check: after each fix.'),
        rules: z
          .array(z.string().min(1))
          .optional()
          .describe('start only: take findings of these rules or codes (prefer-const, TS2339).'),
        paths: z
          .array(z.string().min(1))
          .optional()
          .describe('start only: take findings in files these globs match (src/legacy/**).'),
        tool: z.string().min(1).optional().describe('start only: take findings of this check (eslint, tsc).'),
        max: z.number().int().min(1).optional().describe('start only: at most this many targets (default 20).'),
      }),
      outputSchema: checkOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    serve(state, 'debt', (args: DebtArgs) => answerDebt(state, args)),
  );
}

async function answerDebt(state: ServerState, args: DebtArgs): Promise<CallToolResult> {
  const { cwd } = state;
  const result =
    args.action === 'start'
      ? await debtStartTask({
          cwd,
          ...(await optionsFor(state, 'other')),
          rules: args.rules,
          paths: args.paths,
          tool: args.tool,
          max: args.max,
        })
      : await debtCheckTask({ cwd, ...(await optionsFor(state, 'other')) });
  // explain reads the agent task's last check, which a campaign's report is not.
  state.last = undefined;
  return answerReport(result);
}

interface FixArgs {
  dryRun?: boolean | undefined;
  suggestions?: boolean | undefined;
  maxFiles?: number | undefined;
}

function registerFix(server: McpServer, state: ServerState): void {
  server.registerTool(
    'fix',
    {
      title: 'Fix what the edit introduced',
      description:
        "Apply the fixes on offer for the findings your edits introduced, and only those: ESLint's own fixes, TypeScript's quick fix where it offers exactly one safe one (a missing import, a spelling), and the sites of a declaration you renamed, rewritten to the new name; never a standing finding, never a generated or vendored file. Then check again: the result is that check's report (as check returns it, `text` first) with `fixes`, each fix applied. The edit and the fixes are one attempt. dryRun returns the unified diff as text and changes nothing.",
      inputSchema: z.strictObject({
        dryRun: z.boolean().optional().describe('List the fixes and print them as a unified diff; write nothing.'),
        suggestions: z
          .boolean()
          .optional()
          .describe("Also apply a finding's suggestion when its tool offers exactly one and no fix."),
        maxFiles: z.number().int().min(1).optional().describe('Root units to show in the report after the fixes.'),
      }),
      outputSchema: fixOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    serve(state, 'fix', (args: FixArgs) => answerFix(state, args)),
  );
}

async function answerFix(state: ServerState, args: FixArgs): Promise<CallToolResult> {
  const fixed = await fixTask({ cwd: state.cwd, ...args, ...(await optionsFor(state, 'other')) });
  state.last = fixed.result;
  state.introduced = fixed.result.report.counts.introduced;
  const { report, sources, context } = fixed.result;
  const text = renderFixText(report, fixed, {
    outputLimit: context.settings.outputLimit,
    sourceLines: sources.lines,
  });
  return {
    content: [{ type: 'text', text }],
    structuredContent: { text, ...(JSON.parse(renderFixJson(report, fixed)) as Record<string, unknown>) },
  };
}

function registerExplain(server: McpServer, state: ServerState): void {
  server.registerTool(
    'explain',
    {
      title: 'Explain what was withheld',
      description:
        'List the findings the last check withheld behind a root cause (give a file of the root unit) or in a file: findings in files that import the root (likely echoes), roots held back for a later attempt, warnings beside errors. Reads the last check; it does not run the checks again.',
      inputSchema: z.strictObject({
        file: z.string().min(1).describe('A path in the repository, relative to its root (or absolute inside it).'),
      }),
      outputSchema: explainOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    serve(state, 'explain', ({ file }: { file: string }) => answerExplain(state, file)),
  );
}

function answerExplain(state: ServerState, file: string): CallToolResult {
  if (state.last === undefined)
    throw makeUserError('no check has run in this session yet: call check first, then explain');
  const { report, details, sources, context } = state.last;
  const explanation = explainFile({ report, ...details, file: resolveRepoPath(context.root, file) });
  const text = renderExplanation(explanation, {
    outputLimit: context.settings.outputLimit,
    sourceLines: sources.lines,
  });
  return { content: [{ type: 'text', text }], structuredContent: { text, ...explanation } };
}

/** A report as a tool's result: the text payload, and the JSON report with that text first. */
function answerReport({
  report,
  sources,
  context,
}: Pick<CheckResult, 'report' | 'sources' | 'context'>): CallToolResult {
  const text = renderText(report, { outputLimit: context.settings.outputLimit, sourceLines: sources.lines });
  return {
    content: [{ type: 'text', text }],
    structuredContent: { text, ...(JSON.parse(renderJson(report)) as Record<string, unknown>) },
  };
}

/**
 * A repository-relative POSIX path, or an error for anything outside the repository: by its
 * spelling (absolute, `../`), or through a symbolic link inside the repository that leads out.
 */
export function resolveRepoPath(root: string, file: string): string {
  const refuse = (why: string) => makeUserError(`refusing ${JSON.stringify(file)}: ${why} ${root}`);
  if (file.includes('\0')) throw refuse('a path cannot contain a NUL byte; give a file inside the repository');
  const absolute = resolve(root, file);
  const path = relative(root, absolute);
  if (!isInside(root, absolute)) throw refuse('it is not a file inside the repository');
  if (!isInside(readRealPath(root), readRealPath(absolute)))
    throw refuse('it is a symbolic link that leads outside the repository');
  return path.split(sep).join('/');
}

/** The real path of `path`, or of its nearest existing folder with the rest appended (a file not there yet). */
function readRealPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(readRealPath(parent), basename(path));
  }
}
