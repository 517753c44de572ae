/**
 * A warm worker's replies as changes to its last one (warm/reply-delta.ts), sent through JSON as
 * the IPC channel sends them: the engine rebuilds every reply whole and in order, keeps the
 * findings, imports and declarations of unchanged files as the same objects, and never rebuilds
 * from a reply it missed.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import type { DeclarationRow } from '../../src/core/declaration-table.js';
import type { WorkerReply } from '../../src/checks/runner/worker-protocol.js';
import { makeDeltaReceiver, makeDeltaSender, type ReplyDelta } from '../../src/warm/reply-delta.js';
import type { SeedRun } from '../../src/checks/check-definition.js';

function finding(path: string | null, line: number, code = 'prefer-const'): Diagnostic {
  return { tool: 'eslint', code, severity: 'error', phase: 'lint', path, line, column: 1, message: `${code} ${line}` };
}

function reply(diagnostics: Diagnostic[]): WorkerReply {
  return { ok: true, output: { version: '9.0.0', diagnostics, checkedPaths: ['a.ts', 'b.ts', 'c.ts'] } };
}

/** What the channel does to a message: a JSON round trip. */
function send(message: { reply: WorkerReply; delta?: ReplyDelta }): {
  reply: WorkerReply;
  delta?: ReplyDelta;
} {
  return JSON.parse(JSON.stringify(message)) as { reply: WorkerReply; delta?: ReplyDelta };
}

function diagnosticsOf(value: WorkerReply | undefined): Diagnostic[] {
  if (value?.ok !== true) throw new Error('expected an ok reply');
  return value.output.diagnostics;
}

describe('warm reply deltas', () => {
  it('sends only the files whose findings changed, and the engine rebuilds the whole reply in order', () => {
    const sender = makeDeltaSender();
    const receiver = makeDeltaReceiver();
    const first = [finding('a.ts', 1), finding('a.ts', 2), finding('b.ts', 1), finding(null, 0, 'config')];
    const sentFirst = send(sender.compress('eslint', reply(first)));
    expect(sentFirst.delta?.keyed.diagnostics?.changed.map(([file]) => file)).toEqual(['a.ts', 'b.ts', '\0']);
    const rebuiltFirst = diagnosticsOf(receiver.expand('eslint', sentFirst.reply, sentFirst.delta));
    expect(rebuiltFirst).toEqual(first);

    const second = [
      finding('a.ts', 1),
      finding('a.ts', 2),
      finding('b.ts', 1),
      finding('b.ts', 7),
      finding(null, 0, 'config'),
    ];
    const sentSecond = send(sender.compress('eslint', reply(second)));
    expect(sentSecond.reply.ok && sentSecond.reply.output.diagnostics).toEqual([]);
    expect(sentSecond.delta?.keyed.diagnostics?.changed.map(([file]) => file)).toEqual(['b.ts']);
    const rebuiltSecond = diagnosticsOf(receiver.expand('eslint', sentSecond.reply, sentSecond.delta));
    expect(rebuiltSecond).toEqual(second);
    // Unchanged files' findings are the objects the engine already had: what it derived from them is kept.
    expect(rebuiltSecond[0]).toBe(rebuiltFirst[0]);
    expect(rebuiltSecond[4]).toBe(rebuiltFirst[3]);
    expect(rebuiltSecond[2]).not.toBe(rebuiltFirst[2]);

    // A file whose findings are gone is gone from the rebuilt reply; other fields come as sent.
    const third = [finding('b.ts', 1), finding('b.ts', 7)];
    const sentThird = send(sender.compress('eslint', reply(third)));
    const rebuiltThird = receiver.expand('eslint', sentThird.reply, sentThird.delta);
    expect(diagnosticsOf(rebuiltThird)).toEqual(third);
    expect(rebuiltThird?.ok === true && rebuiltThird.output.checkedPaths).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('takes a file whose findings are the same objects in a new array as unchanged', () => {
    const sender = makeDeltaSender();
    const kept = [finding('a.ts', 1), finding('b.ts', 1)];
    sender.compress('eslint', reply([...kept]));
    const again = sender.compress('eslint', reply([...kept]));
    expect(again.delta?.keyed.diagnostics).toEqual({ changed: [] });
    // One of them another object with other content: that file is sent.
    const edited = sender.compress('eslint', reply([kept[0]!, finding('b.ts', 2)]));
    expect(edited.delta?.keyed.diagnostics?.changed.map(([file]) => file)).toEqual(['b.ts']);
  });

  it('keeps each check apart', () => {
    const sender = makeDeltaSender();
    const receiver = makeDeltaReceiver();
    for (const name of ['eslint', 'tsc']) {
      const sent = send(sender.compress(name, reply([finding('a.ts', 1, name)])));
      expect(diagnosticsOf(receiver.expand(name, sent.reply, sent.delta))).toEqual([finding('a.ts', 1, name)]);
    }
    const sent = send(sender.compress('tsc', reply([finding('a.ts', 1, 'tsc')])));
    expect(sent.delta?.keyed.diagnostics?.changed).toEqual([]);
    expect(diagnosticsOf(receiver.expand('tsc', sent.reply, sent.delta))).toEqual([finding('a.ts', 1, 'tsc')]);
  });

  it('never rebuilds from a reply the engine did not apply', () => {
    const sender = makeDeltaSender();
    const receiver = makeDeltaReceiver();
    const applied = send(sender.compress('eslint', reply([finding('a.ts', 1)])));
    receiver.expand('eslint', applied.reply, applied.delta);
    // Lost on the way (a request settled before it came): the next one builds on it.
    send(sender.compress('eslint', reply([finding('a.ts', 1), finding('b.ts', 2)])));
    const next = send(sender.compress('eslint', reply([finding('a.ts', 1), finding('b.ts', 3)])));
    expect(receiver.expand('eslint', next.reply, next.delta)).toBeUndefined();
  });

  it('sends a failed run, and findings not grouped by file, whole', () => {
    const sender = makeDeltaSender();
    const receiver = makeDeltaReceiver();
    const scattered = [finding('a.ts', 1), finding('b.ts', 1), finding('a.ts', 9)];
    const sent = send(sender.compress('eslint', reply(scattered)));
    expect(sent.delta).toBeUndefined();
    expect(diagnosticsOf(receiver.expand('eslint', sent.reply, sent.delta))).toEqual(scattered);
    const failed: WorkerReply = { ok: false, status: 'failed', error: 'boom' };
    expect(send(sender.compress('eslint', failed))).toEqual({ reply: failed });
    // After a whole reply, the next delta builds on nothing, and the engine agrees.
    const after = send(sender.compress('eslint', reply([finding('c.ts', 4)])));
    expect(after.delta?.since).toBe(0);
    expect(diagnosticsOf(receiver.expand('eslint', after.reply, after.delta))).toEqual([finding('c.ts', 4)]);
  });

  it("sends tsc's imports and declarations by file, and the other fields only when they changed", () => {
    const sender = makeDeltaSender();
    const receiver = makeDeltaReceiver();
    const row = (name: string): DeclarationRow => [name, 'function', 1, 'export (): void'];
    const rowsOfA = [row('a')];
    const tscReply = (
      declarations: Record<string, DeclarationRow[]>,
      imports: Record<string, string[]>,
      paths: string[],
    ) =>
      ({
        ok: true,
        output: { version: '6.0.3', diagnostics: [], imports, declarations, checkedPaths: paths },
      }) satisfies WorkerReply;
    const first = tscReply({ 'a.ts': rowsOfA, 'b.ts': [row('b')] }, { 'b.ts': ['a.ts'] }, ['a.ts', 'b.ts']);
    const sentFirst = send(sender.compress('tsc', first));
    const rebuiltFirst = receiver.expand('tsc', sentFirst.reply, sentFirst.delta);
    expect(rebuiltFirst).toEqual(first);

    // A body edit of b.ts: a's rows are the same object (kept by the session), b's another equal one.
    const second = tscReply({ 'a.ts': rowsOfA, 'b.ts': [row('b')] }, { 'b.ts': ['a.ts'] }, ['a.ts', 'b.ts']);
    const sentSecond = send(sender.compress('tsc', second));
    expect(sentSecond.delta?.keyed.declarations).toEqual({ changed: [] });
    expect(sentSecond.delta?.keyed.imports).toEqual({ changed: [] });
    expect(sentSecond.delta?.same).toEqual(['checkedPaths']);
    expect(JSON.stringify(sentSecond.reply).length).toBeLessThan(80);
    const rebuiltSecond = receiver.expand('tsc', sentSecond.reply, sentSecond.delta);
    expect(rebuiltSecond).toEqual(second);
    const outputOf = (value: WorkerReply | undefined) => (value?.ok === true ? value.output : undefined);
    expect(outputOf(rebuiltSecond)?.declarations?.['b.ts']).toBe(outputOf(rebuiltFirst)?.declarations?.['b.ts']);
    // No part changed: the engine gets the very objects it built before (what it derives from them is kept).
    expect(outputOf(rebuiltSecond)?.imports).toBe(outputOf(rebuiltFirst)?.imports);
    expect(outputOf(rebuiltSecond)?.declarations).toBe(outputOf(rebuiltFirst)?.declarations);

    // A new file, an export renamed: only those parts travel, with the new order.
    const third = tscReply(
      { 'a.ts': [row('renamed')], 'b.ts': [row('b')], 'c.ts': [] },
      { 'b.ts': ['a.ts'], 'c.ts': ['b.ts'] },
      ['a.ts', 'b.ts', 'c.ts'],
    );
    const sentThird = send(sender.compress('tsc', third));
    expect(sentThird.delta?.keyed.declarations?.changed.map(([key]) => key)).toEqual(['a.ts', 'c.ts']);
    expect(sentThird.delta?.keyed.declarations?.order).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(sentThird.delta?.same).toEqual([]);
    const rebuiltThird = receiver.expand('tsc', sentThird.reply, sentThird.delta);
    expect(rebuiltThird).toEqual(third);
    expect(outputOf(rebuiltThird)?.imports).not.toBe(outputOf(rebuiltSecond)?.imports);
    expect(Object.keys(outputOf(rebuiltThird)?.declarations ?? {})).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it("builds a seeded worker's first reply on the seed's base run, primed alike on both sides: only what differs travels", () => {
    const base: SeedRun = {
      version: '7.0.2',
      diagnostics: [finding('a.ts', 1, 'TS2322'), finding('b.ts', 2, 'TS2345')],
      declarations: { 'a.ts': [declarationRow('a')], 'b.ts': [declarationRow('b')] },
      imports: { 'b.ts': ['a.ts'] },
    };
    // The worker gets its own copy of the seed, through the channel.
    const workerBase = JSON.parse(JSON.stringify(base)) as SeedRun;
    const sender = makeDeltaSender();
    const receiver = makeDeltaReceiver();
    sender.prime('tsc', workerBase);
    receiver.prime('tsc', base);
    // A body edit of b.ts: a.ts's findings and table are the seed's very objects, b.ts's are new.
    const output = {
      version: '7.0.2',
      diagnostics: [workerBase.diagnostics[0]!, finding('b.ts', 2, 'TS2345'), finding('b.ts', 5, 'TS2304')],
      declarations: { 'a.ts': workerBase.declarations!['a.ts']!, 'b.ts': [declarationRow('b')] },
      imports: { 'b.ts': ['a.ts'] },
      checkedPaths: ['a.ts', 'b.ts'],
    };
    const sent = send(sender.compress('tsc', { ok: true, output }));
    expect(sent.delta?.since).toBe(0);
    expect(sent.delta?.keyed.diagnostics?.changed.map(([key]) => key)).toEqual(['b.ts']);
    // Another object, the same JSON: b.ts's table and imports stay home too.
    expect(sent.delta?.keyed.declarations).toEqual({ changed: [] });
    expect(sent.delta?.keyed.imports).toEqual({ changed: [] });
    const rebuilt = receiver.expand('tsc', sent.reply, sent.delta);
    expect(rebuilt).toEqual({ ok: true, output });
    const rebuiltOutput = rebuilt?.ok === true ? rebuilt.output : undefined;
    // What stayed is the engine's own seed: the objects it already had.
    expect(rebuiltOutput?.diagnostics[0]).toBe(base.diagnostics[0]);
    expect(rebuiltOutput?.declarations?.['b.ts']).toBe(base.declarations!['b.ts']);

    // An engine that did not prime cannot rebuild it, and says so (the check runs cold, the worker is replaced).
    expect(makeDeltaReceiver().expand('tsc', sent.reply, sent.delta)).toBeUndefined();
  });
});

function declarationRow(name: string): DeclarationRow {
  return [name, 'function', 1, 'export (): void'];
}
