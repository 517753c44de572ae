/**
 * While a command's checks run on a terminal, one line on stderr says how far each is (render/
 * progress.ts), updated as the checks report (checks/runner/progress.ts) and every second, and
 * cleared when the command is done: `culprit start` on a large repository takes minutes. Only
 * where a person watches it: stderr a terminal, not in CI, not under CULPRIT_DEBUG (its lines
 * would break the line), and never for --json, another format or a hook's output. The line is
 * drawn with log-update, so nothing here writes terminal escape codes.
 */
import type { CheckProgress } from '../checks/runner/progress.js';
import type { CheckOnLine } from '../render/progress.js';

interface ProgressModules {
  listenToCheckProgress: typeof import('../checks/runner/progress.js').listenToCheckProgress;
  describeCheckProgress: typeof import('../render/progress.js').describeCheckProgress;
}

/** A command quicker than this (a served check) shows no line at all, rather than a flash. */
const firstDrawMs = 300;

/** Whether this command should show the line: text output, to a person at a terminal. */
export function isProgressShown(options: { json?: boolean | undefined; format?: string | undefined } = {}): boolean {
  if (options.json === true || (options.format !== undefined && options.format !== 'text')) return false;
  if (!process.stderr.isTTY) return false;
  return !isSet('CI') && !isSet('CULPRIT_DEBUG');
}

/** Runs `work` with the line shown while it runs, when `shown`. */
export async function withProgressLine<T>(shown: boolean, work: () => Promise<T>): Promise<T> {
  if (!shown) return work();
  // Loaded only when shown: a served check's client, piped or not, pays nothing for it.
  const [{ createLogUpdate }, { listenToCheckProgress }, { describeCheckProgress }] = await Promise.all([
    import('log-update'),
    import('../checks/runner/progress.js'),
    import('../render/progress.js'),
  ]);
  const line = startProgressLine(createLogUpdate(process.stderr, { showCursor: true }), {
    listenToCheckProgress,
    describeCheckProgress,
  });
  try {
    return await work();
  } finally {
    line.stop();
  }
}

function startProgressLine(
  draw: ((text: string) => void) & { clear(): void },
  { listenToCheckProgress, describeCheckProgress }: ProgressModules,
): { stop(): void } {
  const checks = new Map<string, CheckOnLine>();
  const startedAt = Date.now();
  let drawn = false;
  let drawing = false;
  const withDrawing = (action: () => void) => {
    drawing = true;
    try {
      action();
    } finally {
      drawing = false;
    }
  };
  const render = () => {
    if (checks.size === 0 || Date.now() - startedAt < firstDrawMs) return;
    withDrawing(() => draw(describeCheckProgress([...checks.values()], Date.now())));
    drawn = true;
  };
  const erase = () => {
    if (!drawn) return;
    withDrawing(() => draw.clear());
    drawn = false;
  };
  // Anything else written to stderr meanwhile (a lock wait, the notice of a server started) goes
  // below nothing: the line is erased first and drawn again at the next report or second.
  const write = process.stderr.write;
  process.stderr.write = function (this: NodeJS.WriteStream, ...args: Parameters<typeof write>) {
    if (!drawing) erase();
    return write.apply(this, args);
  } as typeof write;
  const hear = (progress: CheckProgress) => {
    const now = Date.now();
    const check = checks.get(progress.check);
    switch (progress.kind) {
      case 'started':
        // A check run again (a stale worker, a deferral lifted) starts over.
        checks.set(progress.check, { name: progress.check, startedAt: now });
        break;
      case 'files':
        if (check !== undefined) check.files = { done: progress.done, total: progress.total };
        break;
      case 'finished':
        if (check !== undefined) check.finishedAt = now;
        break;
    }
    render();
  };
  const stopListening = listenToCheckProgress(hear);
  const timer = setInterval(render, 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stopListening();
      erase();
      process.stderr.write = write;
    },
  };
}

function isSet(name: string): boolean {
  const value = process.env[name];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}
