/**
 * Reading the text payload as an agent does: every site it names, whether as a finding's own
 * `path:line:col` header or in a group's site list, which is grouped by file
 * (`  path:line:col, line:col`, wrapped lines indented further).
 */
export function readPayloadSites(text: string): string[] {
  const sites: string[] = [];
  let path: string | undefined;
  for (const line of text.split('\n')) {
    const header = /^(\S+):(\d+):(\d+) (?:error|warning) /.exec(line);
    if (header !== null) {
      sites.push(`${header[1]}:${header[2]}:${header[3]}`);
      path = undefined;
      continue;
    }
    const listed = /^ {2}(\S+?):(\d+:\d+)((?:, \d+:\d+)*),?$/.exec(line);
    const continued = path === undefined ? null : /^ {4}(\d+:\d+(?:, \d+:\d+)*),?$/.exec(line);
    if (listed !== null) {
      path = listed[1]!;
      for (const place of `${listed[2]}${listed[3]}`.split(', ')) sites.push(`${path}:${place}`);
    } else if (continued !== null) {
      for (const place of continued[1]!.split(', ')) sites.push(`${path}:${place}`);
    } else {
      path = undefined;
    }
  }
  return [...new Set(sites)];
}
