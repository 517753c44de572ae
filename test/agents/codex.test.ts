/**
 * Codex CLI itself (the pinned @openai/codex) running `codex exec` headless against a scripted
 * Responses-API model on 127.0.0.1, reached through a `model_providers` entry in a temporary
 * CODEX_HOME, with culprit's hooks configured as docs/integrations/codex.md says. The model
 * makes the seed's rename with apply_patch and then fixes only the sites culprit shows it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentBin, sessionTimeoutMs, testTimeoutMs, useCleanups, checkAfter, makeAgentRepo, parseJsonLines, requestCarries, runAgent, writeJson } from './agent-run.js';
import { makeCodexHandler } from './codex-api.js';
import { startModelServer } from './model-server.js';
import { makeScriptedAgent } from './scripted-agent.js';

const hook = [{ type: 'command', command: 'npx culprit hook codex', timeout: 300 }];

describe('Codex CLI 0.169.1 with culprit hooks', () => {
  const cleanup = useCleanups();

  async function session(hooks: Record<string, unknown>, trust: string[]) {
    const repo = makeAgentRepo(['.codex/']);
    cleanup(() => repo.cleanup());
    writeJson(join(repo.root, '.codex', 'hooks.json'), { hooks });
    const agent = makeScriptedAgent(repo.root);
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
    const run = await runAgent(process.execPath, [agentBin('codex'), 'exec', '--json', '--sandbox', 'workspace-write', ...trust, 'Rename RateCard.price to unitPrice.'], {
      cwd: repo.root,
      timeoutMs: sessionTimeoutMs,
      env: { HOME: home, CODEX_HOME: home, SCRIPTED_API_KEY: 'dummy' },
    });
    return { repo, agent, server, run, events: parseJsonLines(run.stdout) };
  }

  it('skips an untrusted project hook without a word: the model never hears from culprit', async () => {
    const { agent, run, events } = await session({ Stop: [{ hooks: hook }] }, []);
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(agent.payloads).toEqual([]);
    expect(JSON.stringify(events)).not.toMatch(/hook/i);
    expect(run.stderr).not.toMatch(/hooks?\b.*(review|trust)/i);
  }, testTimeoutMs);

  it('keeps the model working from Stop and PostToolUse until clean; a patch block leads with the patch result', async () => {
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
      .filter((item) => item.type === 'custom_tool_call_output' && typeof item.output === 'string' && item.output.includes('culprit: '))
      .map((item) => item.output as string);
    expect(outputs.length).toBeGreaterThanOrEqual(1);
    for (const output of outputs) expect(output).toMatch(/^Exit code: 0\n[\s\S]*Success\. Updated the following files:\n[\s\S]*culprit then checked the repository:\n\nculprit: /);
    for (const payload of agent.payloads) expect(server.requests.some((request) => requestCarries(request.body, payload))).toBe(true);
    // Codex reports no hook failure; its only warnings are the trust bypass the test asked for.
    const errors = events.filter((event) => (event['item'] as { type?: string } | undefined)?.type === 'error').map((event) => (event['item'] as { message: string }).message);
    for (const message of errors) expect(message).toMatch(/--dangerously-bypass-hook-trust/);
    expect(events.some((event) => event['type'] === 'turn.failed')).toBe(false);
  }, testTimeoutMs);
});
