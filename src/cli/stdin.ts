/**
 * The command's standard input, read once: a hook's served shortcut (served.ts) reads it, and
 * when no server answers, the full command line's hook gets the same text.
 */
let read: Promise<string> | undefined;

export function readStdin(): Promise<string> {
  read ??= readAll();
  return read;
}

async function readAll(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
