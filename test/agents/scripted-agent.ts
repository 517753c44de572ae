/**
 * The scripted model behind every agent test: an agent that knows one task (the first seed's
 * rename, test/fixtures/rate-card.ts) and otherwise only acts on what culprit told it. It makes
 * the breaking edit, then on each turn reads culprit's payload from what the agent sent (a hook
 * reason, additional context, a tool result) and fixes exactly the sites that payload names,
 * nothing else. When a turn brings no payload, it says it is done.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One file edit: replace `before` (the whole current text) with `after`. */
export interface FileEdit {
  path: string;
  before: string;
  after: string;
}

export type AgentStep = { kind: 'edit'; edits: FileEdit[] } | { kind: 'done'; text: string };

export const breakingPath = 'packages/billing/src/types.ts';

/** Where culprit's payload starts in whatever the agent wrapped it in. */
const payloadStart = /culprit: /;
/** A site the payload names: `path:line:col`, as a finding's header or a listed echo site. */
const sitePattern = /(?<=^|[\s,(])((?:[\w@.-]+\/)*[\w@.-]+\.[cm]?tsx?):(\d+):\d+\b/gm;

/**
 * culprit's payload in the pieces of text the agent sent (tool results, hook messages), or null
 * when there is none. The latest piece that carries one wins: after parallel edits, an earlier
 * tool result holds a payload the later check has superseded.
 */
export function findPayload(pieces: readonly string[]): string | null {
  for (const text of [...pieces].reverse()) {
    const start = text.search(payloadStart);
    if (start !== -1) return text.slice(start);
  }
  return null;
}

/** The sites a payload names, by file: the 1-based lines to fix. */
export function listSites(payload: string): Map<string, Set<number>> {
  const sites = new Map<string, Set<number>>();
  for (const match of payload.matchAll(sitePattern)) {
    const lines = sites.get(match[1]!) ?? new Set<number>();
    lines.add(Number(match[2]));
    sites.set(match[1]!, lines);
  }
  return sites;
}

/** The fix the rename needs on one line; the same line when it needs none. */
function fixLine(line: string): string {
  return line.replace(/\.price\b/g, '.unitPrice').replace(/\bprice:/g, 'unitPrice:');
}

/** Each site line the payload names, rewritten as `rewrite` says (to the lines it returns), by file. */
function editSites(root: string, payload: string, rewrite: (line: string) => string[]): FileEdit[] {
  const edits: FileEdit[] = [];
  for (const [path, lines] of listSites(payload)) {
    let before: string;
    try {
      before = readFileSync(join(root, path), 'utf8');
    } catch {
      continue;
    }
    const after = before
      .split('\n')
      .flatMap((line, index) => (lines.has(index + 1) ? rewrite(line) : [line]))
      .join('\n');
    if (after !== before) edits.push({ path, before, after });
  }
  return edits;
}

export interface ScriptedAgent {
  /** The next step, given the pieces of text the agent sent since the model's last step, in order. */
  next(inbound: readonly string[]): AgentStep;
  /** Every payload the model was handed, in order. */
  readonly payloads: string[];
}

export function makeScriptedAgent(root: string): ScriptedAgent {
  let broken = false;
  const payloads: string[] = [];
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  return {
    payloads,
    next(inbound) {
      if (!broken) {
        broken = true;
        const before = read(breakingPath);
        return {
          kind: 'edit',
          edits: [{ path: breakingPath, before, after: before.replace('  price: number;', '  unitPrice: number;') }],
        };
      }
      const payload = findPayload(inbound);
      if (payload === null) return { kind: 'done', text: 'Renamed RateCard.price to unitPrice.' };
      payloads.push(payload);
      const edits = editSites(root, payload, (line) => [fixLine(line)]);
      if (edits.length === 0) return { kind: 'done', text: 'culprit shows nothing I can fix.' };
      return { kind: 'edit', edits };
    },
  };
}

/**
 * A model that makes the same breaking edit and then fixes nothing: it answers every payload
 * with a message and no edit, so culprit sees the same findings again (stuck). Asked to quote
 * culprit's report to the user, it does, as a model following that instruction would.
 */
export function makeStuckAgent(root: string): ScriptedAgent {
  return makeAnsweringAgent(root, (payload, inbound) => {
    const asked = inbound.some((text) => /\bquote\b/i.test(text) && /\buser\b/i.test(text));
    // The payload runs to the end of the agent's wrapping: Codex closes a hook prompt with a tag.
    if (asked)
      return {
        kind: 'done',
        text: `culprit could not get this clean:\n\n${payload.replace(/<\/hook_prompt>\s*$/, '').trimEnd()}`,
      };
    return { kind: 'done', text: 'I left the rename as it is.' };
  });
}

/**
 * A model that makes the seed's breaking edit, then hands each payload it is sent (with the
 * pieces it came in) to `answer`; a turn without one ends the session.
 */
function makeAnsweringAgent(
  root: string,
  answer: (payload: string, inbound: readonly string[], payloads: readonly string[]) => AgentStep,
): ScriptedAgent {
  const breaking = makeScriptedAgent(root);
  const payloads: string[] = [];
  let broken = false;
  return {
    payloads,
    next(inbound) {
      if (!broken) {
        broken = true;
        return breaking.next(inbound);
      }
      const payload = findPayload(inbound);
      if (payload === null) return { kind: 'done', text: 'Renamed RateCard.price to unitPrice.' };
      payloads.push(payload);
      return answer(payload, inbound, payloads);
    },
  };
}

/**
 * A model that makes the same breaking edit and then silences what culprit shows instead of
 * fixing it: it puts `// @ts-expect-error legacy` over each site the first payload names, and
 * answers every later payload with a message and no edit. The hostile path of "clean means
 * checked": the loop must never read clean from it.
 */
export function makeSilencingAgent(root: string): ScriptedAgent {
  return makeAnsweringAgent(root, (payload, _inbound, payloads) => {
    if (payloads.length > 1) return { kind: 'done', text: 'The directives stay: the old code is legacy.' };
    const edits = editSites(root, payload, (line) => [`${/^\s*/.exec(line)![0]}// @ts-expect-error legacy`, line]);
    return edits.length === 0 ? { kind: 'done', text: 'Nothing to silence.' } : { kind: 'edit', edits };
  });
}
