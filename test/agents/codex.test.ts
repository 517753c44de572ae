/**
 * Codex CLI itself (the pinned @openai/codex) running `codex exec` headless against a scripted
 * Responses-API model on 127.0.0.1, reached through a `model_providers` entry in a temporary
 * CODEX_HOME, with culprit's hooks configured as docs/integrations/codex.md says. The model
 * makes the seed's rename with apply_patch, then fixes only the sites culprit shows it (the stuck
 * model: nothing).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  agentBin,
  sessionTimeoutMs,
  testTimeoutMs,
  useCleanups,
  checkAfter,
  makeAgentRepo,
  parseJsonLines,
  requestCarries,
  runAgent,
  writeJson,
} from './agent-run.js';
import { makeCodexHandler } from './codex-api.js';
import { startModelServer } from './model-server.js';
import { makeScriptedAgent, makeStuckAgent, type ScriptedAgent } from './scripted-agent.js';

const hook = [{ type: 'command', command: 'npx culprit hook codex', timeout: 300 }];

describe('Codex CLI 0.169.1 with culprit hooks', () => {
  const cleanup = useCleanups();

  async function session(
    hooks: Record<string, unknown>,
    trust: string[],
    options: { model?: (root: string) => ScriptedAgent; json?: boolean } = {},
  ) {
    const repo = makeAgentRepo(['.codex/']);
    cleanup(() => repo.cleanup());
    writeJson(join(repo.root, '.codex', 'hooks.json'), { hooks });
    const agent = (options.model ?? makeScriptedAgent)(repo.root);
    const server = await startModelServer(makeCodexHandler(agent));
    cleanup(() => server.close());
    const home = mkdtempSync(join(tmpdir(), 'culprit-codex-home-'));
    cleanup(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(
      join(home, 'config.toml'),
      [
        'model = "gpt-5.5"',
        'model_provider = "scripted"',
        '[model_providers.scripted]',
        'name = "scripted"',
        `base_url = "${server.url}/v1"`,
        'wire_api = "responses"',
        'env_key = "SCRIPTED_API_KEY"',
        `[projects."${repo.root}"]`,
        'trust_level = "trusted"',
        '',
      ].join('\n'),
    );
    const run = await runAgent(
      process.execPath,
      [
        agentBin('codex'),
        'exec',
        ...(options.json === false ? [] : ['--json']),
        '--sandbox',
        'workspace-write',
        ...trust,
        'Rename RateCard.price to unitPrice.',
      ],
      {
        cwd: repo.root,
        timeoutMs: sessionTimeoutMs,
        env: { HOME: home, CODEX_HOME: home, SCRIPTED_API_KEY: 'dummy' },
      },
    );
    return { repo, agent, server, run, events: parseJsonLines(run.stdout) };
  }

  it(
    'skips an untrusted project hook without a word: the model never hears from culprit',
    async () => {
      const { agent, run, events } = await session({ Stop: [{ hooks: hook }] }, []);
      expect(run.timedOut).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(agent.payloads).toEqual([]);
      expect(JSON.stringify(events)).not.toMatch(/hook/i);
      expect(run.stderr).not.toMatch(/hooks?\b.*(review|trust)/i);
    },
    testTimeoutMs,
  );

  it(
    'keeps the model working from Stop and PostToolUse until clean; a patch block leads with the patch result',
    async () => {
      const hooks = { Stop: [{ hooks: hook }], PostToolUse: [{ matcher: 'apply_patch', hooks: hook }] };
      const { repo, agent, server, run, events } = await session(hooks, ['--dangerously-bypass-hook-trust']);
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      expect(checkAfter(repo)).toEqual({ verdict: 'clean', introduced: 0 });
      expect(agent.payloads.length).toBeGreaterThanOrEqual(2);
      // After a patch, the tool output the model reads starts with apply_patch's own result.
      const outputs = server.requests
        .flatMap((request) => (request.body as { input: { type: string; output?: unknown }[] }).input)
        .filter(
          (item) =>
            item.type === 'custom_tool_call_output' &&
            typeof item.output === 'string' &&
            item.output.includes('culprit: '),
        )
        .map((item) => item.output as string);
      expect(outputs.length).toBeGreaterThanOrEqual(1);
      for (const output of outputs)
        expect(output).toMatch(
          /^Exit code: 0\n[\s\S]*Success\. Updated the following files:\n[\s\S]*culprit then checked the repository:\n\nculprit: /,
        );
      for (const payload of agent.payloads)
        expect(server.requests.some((request) => requestCarries(request.body, payload))).toBe(true);
      // Codex reports no hook failure; its only warnings are the trust bypass the test asked for.
      const errors = events
        .filter((event) => (event['item'] as { type?: string } | undefined)?.type === 'error')
        .map((event) => (event['item'] as { message: string }).message);
      for (const message of errors) expect(message).toMatch(/--dangerously-bypass-hook-trust/);
      expect(events.some((event) => event['type'] === 'turn.failed')).toBe(false);
    },
    testTimeoutMs,
  );

  it(
    "a stuck model is asked once to pass culprit's stuck message on, which codex exec prints as its final message, then let go",
    async () => {
      const hooks = { Stop: [{ hooks: hook }], PostToolUse: [{ matcher: 'apply_patch', hooks: hook }] };
      // The human output: the final message on stdout, and a status line per hook run on stderr.
      const { repo, agent, server, run } = await session(hooks, ['--dangerously-bypass-hook-trust'], {
        model: makeStuckAgent,
        json: false,
      });
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      expect(checkAfter(repo)).toMatchObject({ verdict: 'stuck' });
      // The model turns: the edit; a reply to the patch block; a reply to the stop block (the same
      // findings next: stuck); the reply to the stuck relay, after which the stop is let go.
      const turns = server.requests.filter((request) => request.url.endsWith('/responses'));
      expect(turns).toHaveLength(4);
      const last = (turns.at(-1)!.body as { input: { type: string; role?: string; content?: { text?: string }[] }[] })
        .input;
      const hookPrompts = last
        .filter((item) => item.type === 'message' && item.role === 'user')
        .flatMap((item) => (item.content ?? []).map((part) => part.text ?? ''))
        .filter((text) => text.startsWith('<hook_prompt'));
      expect(hookPrompts).toHaveLength(2);
      expect(hookPrompts[0]).toMatch(/^<hook_prompt [^>]*>culprit: your edit introduced /);
      expect(hookPrompts[1]).toMatch(
        /^<hook_prompt [^>]*>culprit is stuck, and the user does not see culprit's messages here, only your reply\. [\s\S]*\n\nculprit: stuck: the same \d+ findings? came back unchanged/,
      );
      // What the user sees: the model's final message carries culprit's stuck report, sites included.
      const stuck = agent.payloads.at(-1)!;
      expect(stuck).toMatch(/^culprit: stuck: /);
      expect(run.stdout).toMatch(
        /^culprit could not get this clean:\n\nculprit: stuck: the same \d+ findings? came back unchanged from the previous attempt\./,
      );
      expect(run.stdout).toContain(stuck.replace(/<\/hook_prompt>\s*$/, '').trimEnd());
      expect(run.stdout).toMatch(/packages\/[\w/.-]+\.ts:\d+:\d+/);
      // Codex's record of each hook run: two blocks before the relay, the relay, the release; none failed.
      const hookRuns = [...run.stderr.matchAll(/^hook: (\w+) (\w+)$/gm)].map((match) => `${match[1]} ${match[2]}`);
      expect(hookRuns).toEqual(['PostToolUse Blocked', 'Stop Blocked', 'Stop Blocked', 'Stop Completed']);
      expect(run.stderr).not.toMatch(/^ERROR:|^hook: \w+ Failed/m);
      // Codex logs the tool output a PostToolUse block replaced as an error of its tool router; nothing else.
      for (const line of run.stderr.split('\n').filter((text) => /\bERROR\b/.test(text)))
        expect(line).toMatch(/ ERROR codex_core::tools::router: error=Exit code: 0$/);
    },
    testTimeoutMs,
  );
});
