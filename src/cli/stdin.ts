/**
 * The command's standard input, read once: a hook's served shortcut (served.ts) reads it, and
 * when no server answers, the full command line's hook gets the same text. Kept on the process,
 * not in this module: the built entry holds a copy of the shortcut's modules of its own (the
 * build bundles them into it), and the full command line loads this one.
 */
const readKey = Symbol.for('culprit.stdin');

export function readStdin(): Promise<string> {
  const held = globalThis as Record<symbol, Promise<string> | undefined>;
  held[readKey] ??= readAll();
  return held[readKey];
}

async function readAll(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
