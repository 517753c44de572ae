/**
 * Diagnostics about culprit itself, for people debugging it and for tests that must prove what
 * happened (a cache hit ran no checks) without relying on timing. Silent unless `CULPRIT_DEBUG`
 * is set; always on stderr, so the payload on stdout is never affected.
 */
export function logDebug(message: string): void {
  if (!isDebugging()) return;
  process.stderr.write(`${debugPrefix}${message}\n`);
}

export const debugPrefix = 'culprit debug: ';

export function isDebugging(): boolean {
  const flag = process.env['CULPRIT_DEBUG'];
  return flag !== undefined && flag !== '' && flag !== '0';
}
