/**
 * How notes and errors name a remote cache, apart from the report's schemas (report-codes.ts):
 * a cold check's baseline names it without loading zod.
 */

/** A remote cache's API URL without credentials, as notes and errors name it; null when it is no URL. */
export function locateRemote(api: string): string | null {
  try {
    const url = new URL(api);
    url.username = '';
    url.password = '';
    return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return null;
  }
}
