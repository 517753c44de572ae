import { describe, expect, it } from 'vitest';
import { hookAgents } from '../../src/hooks/agents.js';
import {
  answerHook,
  decideHook,
  hookOutputLimit,
  maxBlockedAttempts,
  type HookTrigger,
} from '../../src/hooks/hook-decision.js';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { makeReport, type Report, type Verdict } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { relayStuck } from '../../src/render/hook-messages.js';
import { makeCheck, makeFindings } from '../helpers/findings.js';
import { agentDocuments, codexDocuments } from './documents.js';

function reportWith(verdict: Verdict, stalled = 0, attempt = 3): Report {
  const { report } = makeReport({
    attribution: { introduced: makeFindings({ 'src/a.ts': 2 }), standing: [], resolved: [] },
    graph: makeModuleGraph([]),
    changedFiles: new Set(),
    classify: makeEditabilityClassifier({ rules: [], readHead: () => undefined }),
    checks: [makeCheck('tsc')],
    baseWidth: 2,
  });
  return { ...report, verdict, attempt, progress: { fixed: stalled > 0 ? 0 : 1, stalled } };
}

const edit: HookTrigger = { kind: 'edit', event: 'PostToolUse', stopHookActive: false };
const stop: HookTrigger = { kind: 'stop', event: 'Stop', stopHookActive: false };
const continuedStop: HookTrigger = { ...stop, stopHookActive: true };

describe('decideHook', () => {
  it.each([
    ['clean', edit, 0, 'pass'],
    ['clean', continuedStop, 2, 'pass'],
    ['introduced', edit, 2, 'block'],
    ['introduced', stop, 2, 'block'],
    ['introduced', continuedStop, 0, 'block'],
    ['introduced', continuedStop, 1, 'block'],
    ['introduced', continuedStop, 2, 'inform'],
    ['introduced', continuedStop, 3, 'inform'],
    ['stuck', edit, 0, 'inform'],
    ['stuck', stop, 0, 'inform'],
    ['stuck', continuedStop, 0, 'inform'],
    ['check-failed', edit, 0, 'inform'],
    ['check-failed', stop, 0, 'block'],
    ['check-failed', continuedStop, 0, 'inform'],
  ] as const)('%s after %o (stalled %s): %s', (verdict, trigger, stalled, action) => {
    expect(decideHook(trigger, reportWith(verdict, stalled), 'PAYLOAD').action).toBe(action);
  });

  it('says why it no longer blocks a stop, then gives the payload', () => {
    expect(decideHook(continuedStop, reportWith('introduced', 2), 'PAYLOAD')).toEqual({
      action: 'inform',
      message: expect.stringMatching(
        /^culprit: not blocking the stop again: nothing that was shown was fixed in the last 2 attempts.*\n\nPAYLOAD$/s,
      ),
    });
  });

  it('lets a continued stop go after the attempt cap even while it progresses, so every loop ends', () => {
    expect(decideHook(continuedStop, reportWith('introduced', 0, maxBlockedAttempts - 1), 'PAYLOAD').action).toBe(
      'block',
    );
    expect(decideHook(continuedStop, reportWith('introduced', 0, maxBlockedAttempts), 'PAYLOAD')).toEqual({
      action: 'inform',
      message: expect.stringMatching(/^culprit: not blocking the stop again: this task has had 40 attempts/),
    });
  });
});

describe('decideHook for an agent whose user sees only the model (Codex exec)', () => {
  const codex = { stuckThroughModel: true };
  const stuckStop = (trigger: HookTrigger, stalled: number, attempt = 3) =>
    decideHook(trigger, reportWith('stuck', stalled, attempt), 'culprit: stuck: PAYLOAD', codex);

  it('holds the first stuck stop after a blocked one, asking the model to quote the payload to the user', () => {
    expect(stuckStop(continuedStop, 1)).toEqual({ action: 'block', reason: relayStuck('culprit: stuck: PAYLOAD') });
    expect(relayStuck('P')).toMatch(
      /^culprit is stuck, and the user does not see culprit's messages here, only your reply\. Do not edit anything more .*quote its report below as it is.*\n\nP$/s,
    );
  });

  it('lets the next stop go, whatever the model replied: it has stalled once more', () => {
    expect(stuckStop(continuedStop, 2)).toEqual({ action: 'inform', message: 'culprit: stuck: PAYLOAD' });
    expect(stuckStop({ ...continuedStop, lastAssistantMessage: 'Done.' }, 2).action).toBe('inform');
  });

  it('lets a stop go when the model already told the user culprit is stuck', () => {
    expect(
      stuckStop({ ...continuedStop, lastAssistantMessage: 'Culprit says it is STUCK: the same 2 findings…' }, 1).action,
    ).toBe('inform');
    expect(
      stuckStop({ ...stop, lastAssistantMessage: 'culprit: stuck: the same 2 findings came back' }, 5).action,
    ).toBe('inform');
    expect(stuckStop({ ...continuedStop, lastAssistantMessage: 'I am stuck.' }, 1).action).toBe('block');
  });

  it('holds a stop nobody blocked however long it stalled, since the next stop is a continued one', () => {
    expect(stuckStop(stop, 4).action).toBe('block');
    expect(stuckStop(continuedStop, 5).action).toBe('inform');
  });

  it('never holds an edit, nor a stop past the attempt cap', () => {
    expect(stuckStop(edit, 1)).toEqual({ action: 'inform', message: 'culprit: stuck: PAYLOAD' });
    expect(stuckStop(stop, 0, maxBlockedAttempts).action).toBe('inform');
    expect(stuckStop(continuedStop, 0, maxBlockedAttempts - 1).action).toBe('block');
  });

  it('changes nothing but stuck', () => {
    for (const verdict of ['clean', 'introduced', 'check-failed'] as const) {
      for (const trigger of [edit, stop, continuedStop]) {
        for (const stalled of [0, 1, 2]) {
          const report = reportWith(verdict, stalled);
          expect(decideHook(trigger, report, 'P', codex), `${verdict} ${trigger.kind} ${stalled}`).toEqual(
            decideHook(trigger, report, 'P'),
          );
        }
      }
    }
  });
});

describe('answerHook', () => {
  it('keeps every agent answer within the limit, even when JSON escaping lengthens the payload', () => {
    // Quotes and newlines double in JSON: a payload exactly at its limit would overflow.
    const render = (limit: number) => '"\n'.repeat(Math.floor(limit / 2));
    for (const [name, agent] of Object.entries(hookAgents)) {
      for (const trigger of [edit, stop, continuedStop]) {
        for (const verdict of ['introduced', 'stuck', 'check-failed'] as const) {
          const answer = answerHook(agent, trigger, reportWith(verdict, 2), render, 50_000);
          expect(answer.stdout.length, `${name} ${verdict} ${trigger.kind}`).toBeLessThanOrEqual(hookOutputLimit);
          expect(answer.stdout.length).toBeGreaterThan(hookOutputLimit / 2);
        }
      }
    }
  });

  it('uses the configured limit when it is smaller', () => {
    const answer = answerHook(
      hookAgents['claude-code'],
      edit,
      reportWith('introduced'),
      (limit) => 'x'.repeat(limit),
      1000,
    );
    expect(JSON.parse(answer.stdout)).toEqual({
      systemMessage: 'x'.repeat(1000),
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'x'.repeat(1000) },
    });
  });
});

describe('agent answers', () => {
  const block = { action: 'block', reason: 'R' } as const;
  const inform = { action: 'inform', message: 'first line\nmore' } as const;

  it('Claude Code: additional context on both events (no "hook error"), a system message for the user', () => {
    const agent = hookAgents['claude-code'];
    expect(agent.makeAnswer(edit, { action: 'pass' })).toEqual({ stdout: '', exitCode: 0 });
    expect(JSON.parse(agent.makeAnswer(stop, { action: 'block', reason: 'R\nmore' }).stdout)).toEqual({
      systemMessage: 'R',
      hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'R\nmore' },
    });
    expect(JSON.parse(agent.makeAnswer(edit, block).stdout)).toEqual({
      systemMessage: 'R',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'R' },
    });
    expect(JSON.parse(agent.makeAnswer(edit, inform).stdout)).toEqual({
      systemMessage: 'first line',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'first line\nmore' },
    });
    expect(JSON.parse(agent.makeAnswer(stop, inform).stdout)).toEqual({ systemMessage: 'first line\nmore' });
  });

  it('Codex: a stuck stop is held to ask the model to tell the user; the other agents tell the user themselves', () => {
    const stuckAt = (agent: keyof typeof hookAgents) =>
      JSON.parse(
        answerHook(hookAgents[agent], continuedStop, reportWith('stuck', 1), () => 'culprit: stuck: P', 10_000).stdout,
      ) as unknown;
    expect(stuckAt('codex')).toEqual({ decision: 'block', reason: relayStuck('culprit: stuck: P') });
    expect(stuckAt('claude-code')).toEqual({ systemMessage: 'culprit: stuck: P' });
    expect(stuckAt('gemini')).toEqual({ systemMessage: 'culprit: stuck: P' });
  });

  it('Codex: decision block; after a patch the reason leads with the patch result it replaces', () => {
    const agent = hookAgents.codex;
    expect(JSON.parse(agent.makeAnswer(stop, block).stdout)).toEqual({ decision: 'block', reason: 'R' });
    expect(
      JSON.parse(
        agent.makeAnswer({ ...edit, toolOutput: 'Success. Updated the following files:\nM a.ts\n' }, block).stdout,
      ),
    ).toEqual({
      decision: 'block',
      reason: 'Success. Updated the following files:\nM a.ts\nculprit then checked the repository:\n\nR',
    });
    expect(JSON.parse(agent.makeAnswer(edit, block).stdout)).toEqual({
      decision: 'block',
      reason: 'The patch was applied.\nculprit then checked the repository:\n\nR',
    });
    expect(JSON.parse(agent.makeAnswer(stop, inform).stdout)).toEqual({ systemMessage: 'first line\nmore' });
  });

  it('Gemini CLI: context on the successful tool result after an edit, decision deny on AfterAgent', () => {
    const gemini = hookAgents.gemini;
    const afterTool: HookTrigger = { kind: 'edit', event: 'AfterTool', stopHookActive: false };
    expect(JSON.parse(gemini.makeAnswer(afterTool, block).stdout)).toEqual({
      systemMessage: 'R',
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'R' },
    });
    expect(
      JSON.parse(gemini.makeAnswer({ kind: 'stop', event: 'AfterAgent', stopHookActive: false }, block).stdout),
    ).toEqual({ decision: 'deny', reason: 'R' });
    expect(JSON.parse(gemini.makeAnswer(afterTool, inform).stdout)).toEqual({
      systemMessage: 'first line',
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'first line\nmore' },
    });
  });
});

describe('reading hook input', () => {
  it.each(agentDocuments)('$agent: edits and stops are triggers, other tools and events are not', (documents) => {
    const agent = hookAgents[documents.agent];
    for (const [tool, document] of Object.entries(documents.edits)) {
      expect(agent.readTrigger(document('/repo', 'src/a.ts')), tool).toMatchObject({ kind: 'edit', cwd: '/repo' });
    }
    expect(agent.readTrigger(documents.other('/repo'))).toBeNull();
    expect(agent.readTrigger(documents.unrelated('/repo'))).toBeNull();
    expect(agent.readTrigger(documents.stop('/repo', true))).toMatchObject({
      kind: 'stop',
      stopHookActive: true,
      cwd: '/repo',
    });
    expect(agent.readTrigger(documents.stop('/repo', false))).toMatchObject({ kind: 'stop', stopHookActive: false });
  });

  it("Codex: a stop carries the model's last message, which tells whether the user heard culprit is stuck", () => {
    const agent = hookAgents.codex;
    expect(agent.readTrigger(codexDocuments.stop('/repo', true))).toMatchObject({
      kind: 'stop',
      lastAssistantMessage: 'Renamed the field.',
    });
    expect(
      agent.readTrigger({ ...codexDocuments.stop('/repo', true), last_assistant_message: null }),
    ).not.toHaveProperty('lastAssistantMessage');
  });

  it('names the agent and the field when the input is wrong', () => {
    const agent = hookAgents['claude-code'];
    expect(() => agent.readTrigger({})).toThrow(
      'the claude-code hook input is invalid: "hook_event_name" must be a string, got nothing',
    );
    expect(() => agent.readTrigger({ hook_event_name: 'PostToolUse', tool_name: 7 })).toThrow(
      '"tool_name" must be a string, got 7',
    );
    expect(() => agent.readTrigger({ hook_event_name: 'Stop', stop_hook_active: 'yes' })).toThrow(
      '"stop_hook_active" must be a boolean, got "yes"',
    );
  });
});
