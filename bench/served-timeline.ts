/**
 * Where a served body edit's time goes, as the held-out script prints it (issue 40: "say where the
 * remaining time goes"). A server of its own runs with `CULPRIT_DEBUG=time`, whose debug lines
 * carry the wall clock to a tenth of a millisecond and the process, as do the clients'; each check
 * is cut at the marks culprit writes there:
 *
 * - node's start: the client spawned → its entry's first line (`culprit: started`);
 * - to the request: → the server reads the check's request (`serve: check asked`): the served
 *   shortcut's modules load and the client connects and sends;
 * - the runs: → the snapshot of the tree has its checks' runs (`check: the runs are in`): the
 *   warm worker's answer (right after the edit, the run that follows the edit; after the model's
 *   turn, the run that confirms it) and git's confirmation of the tree;
 * - the comparison: → the report is made (`check: the report is made`): anchoring, pairing,
 *   attribution, triage;
 * - to the answer: → the server has written its answer (`serve: check answered`): the tree
 *   confirmed, the attempt prepared, the outcome worded;
 * - the client's end: → the client's exit is seen: it reads, prints and exits.
 *
 * Writing the stamps costs a little of each check, so these checks are not the table's.
 */
import type { ProcessMeasure } from './measure-process.js';
import type { TableRow } from './render-table.js';
import { median } from './bench-env.js';

/** The marks a served check passes, in order, and the phase each one ends. */
const marks = [
  { phase: "node's start", line: 'culprit: started' },
  { phase: 'to the request', line: 'serve: check asked' },
  { phase: 'the runs', line: 'check: the runs are in' },
  { phase: 'the comparison', line: 'check: the report is made' },
  { phase: 'to the answer', line: 'serve: check answered' },
] as const;

const clientEnd = "the client's end";

/** One check's phases in milliseconds, by name (readPhases has none for a check missing a mark: one not served). */
export type Phases = Record<string, number>;

/**
 * The phases of one served check: `spawnedAt` (ms since the epoch, the parent's clock when it
 * spawned the client), the client's measure, and the server's stderr lines written meanwhile.
 */
export function readPhases(
  spawnedAt: number,
  client: Pick<ProcessMeasure, 'stderr' | 'wallMs'>,
  serverLines: readonly string[],
): Phases | undefined {
  const stamps = new Map<string, number>();
  for (const line of [...client.stderr.split('\n'), ...serverLines]) {
    const debug = readDebugLine(line);
    // A check made again (the tree was not the one the server expected) counts from its last pass.
    if (debug?.at !== undefined) stamps.set(debug.message, debug.at);
  }
  const phases: Phases = {};
  let from = spawnedAt % dayMs;
  for (const { phase, line } of marks) {
    const at = stamps.get(line);
    if (at === undefined) return undefined;
    phases[phase] = since(from, at);
    from = at;
  }
  phases[clientEnd] = since(from, (spawnedAt + client.wallMs) % dayMs);
  return phases;
}

/** From one time of the day to a later one, across midnight too. */
function since(from: number, to: number): number {
  return (to - from + dayMs) % dayMs;
}

/** The table's rows: each phase's median in each column (right after the edit, after the model's turn). */
export function makePhaseRows(columns: readonly (readonly Phases[])[]): TableRow[] {
  const phases = [...marks.map((mark) => mark.phase), clientEnd];
  const cell = (checks: readonly Phases[], phase: string) =>
    checks.length === 0 ? '—' : `${median(checks.map((check) => check[phase]!)).toFixed(1)} ms`;
  const total = (checks: readonly Phases[]) =>
    checks.length === 0
      ? '—'
      : `${median(checks.map((check) => phases.reduce((sum, phase) => sum + check[phase]!, 0))).toFixed(1)} ms of ${checks.length}`;
  return [
    ...phases.map((phase) => ({ metric: phase, values: columns.map((checks) => cell(checks, phase)), target: '' })),
    { metric: 'the whole check (median)', values: columns.map(total), target: '' },
  ];
}

const dayMs = 86_400_000;

/**
 * A debug line of culprit's (src/debug/log-debug.ts): its message, and with `CULPRIT_DEBUG=time`
 * (`culprit debug: HH:MM:SS.mmmt [pid] message`) its time in ms of the (UTC) day; undefined for
 * any other line.
 */
export function readDebugLine(line: string): { message: string; at?: number } | undefined {
  const match = /^culprit debug: (?:(\d\d):(\d\d):(\d\d)\.(\d{3})(\d) \[\d+\] )?(.*)$/.exec(line);
  if (match === null) return undefined;
  const [, hours, minutes, secs, millis, tenths, message] = match;
  if (hours === undefined) return { message: message! };
  const at = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(secs)) * 1000 + Number(millis) + Number(tenths) / 10;
  return { message: message!, at };
}
