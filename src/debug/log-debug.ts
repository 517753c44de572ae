/**
 * Diagnostics about culprit itself, for people debugging it and for tests that must prove what
 * happened (a cache hit ran no checks) without relying on timing. Silent unless `CULPRIT_DEBUG`
 * is set; always on stderr, so the payload on stdout is never affected. `CULPRIT_DEBUG=time`
 * also says when and in which process, to a tenth of a millisecond of the wall clock, so the
 * lines of a client, its server and their workers can be put in one order (where a served
 * check's time goes).
 */
export function logDebug(message: string): void {
  if (!isDebugging()) return;
  const when = process.env['CULPRIT_DEBUG'] === 'time' ? `${stampNow()} ` : '';
  process.stderr.write(`${debugPrefix}${when}${message}\n`);
}

export const debugPrefix = 'culprit debug: ';

export function isDebugging(): boolean {
  const flag = process.env['CULPRIT_DEBUG'];
  return flag !== undefined && flag !== '' && flag !== '0';
}

/** `HH:MM:SS.mmmt [pid]`, UTC: the tenths of a millisecond from the high-resolution clock. */
function stampNow(): string {
  const now = performance.timeOrigin + performance.now();
  const tenths = Math.floor((now % 1) * 10);
  return `${new Date(now).toISOString().slice(11, 23)}${tenths} [${process.pid}]`;
}
