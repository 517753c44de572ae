import { describe, expect, it } from 'vitest';
import { hookAgents } from '../../src/hooks/agents.js';
import { answerHook, decideHook, hookOutputLimit, maxBlockedAttempts, type HookTrigger } from '../../src/hooks/hook-decision.js';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { makeReport, type Report, type Verdict } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { makeCheck, makeFindings } from '../helpers/findings.js';
import { agentDocuments } from './documents.js';

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
      message: expect.stringMatching(/^culprit: not blocking the stop again: nothing that was shown was fixed in the last 2 attempts.*\n\nPAYLOAD$/s),
    });
  });

  it('lets a continued stop go after the attempt cap even while it progresses, so every loop ends', () => {
    expect(decideHook(continuedStop, reportWith('introduced', 0, maxBlockedAttempts - 1), 'PAYLOAD').action).toBe('block');
    expect(decideHook(continuedStop, reportWith('introduced', 0, maxBlockedAttempts), 'PAYLOAD')).toEqual({
      action: 'inform',
      message: expect.stringMatching(/^culprit: not blocking the stop again: this task has had 40 attempts/),
    });
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
    const answer = answerHook(hookAgents['claude-code'], edit, reportWith('introduced'), (limit) => 'x'.repeat(limit), 1000);
    expect(JSON.parse(answer.stdout)).toEqual({ systemMessage: 'x'.repeat(1000), hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'x'.repeat(1000) } });
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
    expect(JSON.parse(agent.makeAnswer(edit, block).stdout)).toEqual({ systemMessage: 'R', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'R' } });
    expect(JSON.parse(agent.makeAnswer(edit, inform).stdout)).toEqual({
      systemMessage: 'first line',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'first line\nmore' },
    });
    expect(JSON.parse(agent.makeAnswer(stop, inform).stdout)).toEqual({ systemMessage: 'first line\nmore' });
  });

  it('Codex: decision block; after a patch the reason leads with the patch result it replaces', () => {
    const agent = hookAgents.codex;
    expect(JSON.parse(agent.makeAnswer(stop, block).stdout)).toEqual({ decision: 'block', reason: 'R' });
    expect(JSON.parse(agent.makeAnswer({ ...edit, toolOutput: 'Success. Updated the following files:\nM a.ts\n' }, block).stdout)).toEqual({
      decision: 'block',
      reason: 'Success. Updated the following files:\nM a.ts\nculprit then checked the repository:\n\nR',
    });
    expect(JSON.parse(agent.makeAnswer(edit, block).stdout)).toEqual({ decision: 'block', reason: 'The patch was applied.\nculprit then checked the repository:\n\nR' });
    expect(JSON.parse(agent.makeAnswer(stop, inform).stdout)).toEqual({ systemMessage: 'first line\nmore' });
  });

  it('Gemini CLI: context on the successful tool result after an edit, decision deny on AfterAgent', () => {
    const gemini = hookAgents.gemini;
    const afterTool: HookTrigger = { kind: 'edit', event: 'AfterTool', stopHookActive: false };
    expect(JSON.parse(gemini.makeAnswer(afterTool, block).stdout)).toEqual({ systemMessage: 'R', hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'R' } });
    expect(JSON.parse(gemini.makeAnswer({ kind: 'stop', event: 'AfterAgent', stopHookActive: false }, block).stdout)).toEqual({ decision: 'deny', reason: 'R' });
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
    expect(agent.readTrigger(documents.stop('/repo', true))).toMatchObject({ kind: 'stop', stopHookActive: true, cwd: '/repo' });
    expect(agent.readTrigger(documents.stop('/repo', false))).toMatchObject({ kind: 'stop', stopHookActive: false });
  });

  it('names the agent and the field when the input is wrong', () => {
    const agent = hookAgents['claude-code'];
    expect(() => agent.readTrigger({})).toThrow('the claude-code hook input is invalid: "hook_event_name" must be a string, got nothing');
    expect(() => agent.readTrigger({ hook_event_name: 'PostToolUse', tool_name: 7 })).toThrow('"tool_name" must be a string, got 7');
    expect(() => agent.readTrigger({ hook_event_name: 'Stop', stop_hook_active: 'yes' })).toThrow('"stop_hook_active" must be a boolean, got "yes"');
  });
});
