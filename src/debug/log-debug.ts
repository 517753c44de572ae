/**
 * Diagnostics about culprit itself, for people debugging it and for tests that must prove what
 * happened (a cache hit ran no checks) without relying on timing. Silent unless `CULPRIT_DEBUG`
 * is set; always on stderr, so the payload on stdout is never affected.
 */
export function logDebug(message: string): void {
  const flag = process.env['CULPRIT_DEBUG'];
  if (flag === undefined || flag === '' || flag === '0') return;
  process.stderr.write(`culprit debug: ${message}\n`);
}
