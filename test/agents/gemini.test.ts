/**
 * Gemini CLI itself (the pinned @google/gemini-cli) running headless against a scripted Gemini
 * API model on 127.0.0.1 (GOOGLE_GEMINI_BASE_URL, an API key auth type in a temporary home), with
 * culprit's hooks configured as docs/integrations/gemini-cli.md says. The model makes the seed's
 * rename with `replace` and then fixes only the sites culprit shows it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
  runAgent,
  writeJson,
} from './agent-run.js';
import { makeGeminiHandler } from './gemini-api.js';
import { startModelServer } from './model-server.js';
import { makeScriptedAgent } from './scripted-agent.js';

const hook = [{ type: 'command', command: 'npx culprit hook gemini', timeout: 300_000 }];

describe('Gemini CLI 0.61.0 with culprit hooks', () => {
  const cleanup = useCleanups();

  async function session(hooks: Record<string, unknown>, trusted: boolean) {
    const repo = makeAgentRepo(['.gemini/']);
    cleanup(() => repo.cleanup());
    writeJson(join(repo.root, '.gemini', 'settings.json'), { hooks });
    const agent = makeScriptedAgent(repo.root);
    const server = await startModelServer(makeGeminiHandler(repo.root, agent));
    cleanup(() => server.close());
    const home = mkdtempSync(join(tmpdir(), 'culprit-gemini-home-'));
    cleanup(() => rmSync(home, { recursive: true, force: true }));
    writeJson(join(home, '.gemini', 'settings.json'), { security: { auth: { selectedType: 'gemini-api-key' } } });
    if (trusted) writeJson(join(home, '.gemini', 'trustedFolders.json'), { [repo.root]: 'TRUST_FOLDER' });
    const run = await runAgent(
      process.execPath,
      [
        agentBin('gemini'),
        '-p',
        'Rename RateCard.price to unitPrice.',
        '--output-format',
        'stream-json',
        '--approval-mode',
        'auto_edit',
      ],
      {
        cwd: repo.root,
        timeoutMs: sessionTimeoutMs,
        env: { HOME: home, GOOGLE_GEMINI_BASE_URL: server.url, GEMINI_API_KEY: 'dummy' },
      },
    );
    return { repo, agent, server, run, events: parseJsonLines(run.stdout) };
  }

  it(
    'refuses an untrusted folder with exit 55 before any hook runs',
    async () => {
      const { agent, run } = await session({ AfterAgent: [{ hooks: hook }] }, false);
      expect(run.timedOut).toBe(false);
      expect(run.exitCode).toBe(55);
      expect(agent.payloads).toEqual([]);
    },
    testTimeoutMs,
  );

  it(
    'appends the payload to each successful edit and keeps the model working from AfterAgent until clean',
    async () => {
      const hooks = { AfterAgent: [{ hooks: hook }], AfterTool: [{ matcher: 'write_file|replace', hooks: hook }] };
      const { repo, agent, server, run, events } = await session(hooks, true);
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      expect(checkAfter(repo)).toEqual({ verdict: 'clean', introduced: 0 });
      expect(agent.payloads.length).toBeGreaterThanOrEqual(2);
      // Every edit succeeded, for the user and for the model; the payload rides on the result.
      const results = events.filter((event) => event['type'] === 'tool_result');
      expect(results.length).toBeGreaterThanOrEqual(2);
      for (const result of results) expect(result['status']).toBe('success');
      const responses = server.requests
        .flatMap(
          (request) =>
            (
              request.body as {
                contents?: { parts: { functionResponse?: { response: { output?: string; error?: string } } }[] }[];
              }
            ).contents ?? [],
        )
        .flatMap((content) => content.parts)
        .flatMap((part) => (part.functionResponse === undefined ? [] : [part.functionResponse.response]));
      expect(responses.every((response) => response.error === undefined)).toBe(true);
      const withPayload = responses.filter((response) => response.output?.includes('<hook_context>culprit: ') === true);
      expect(withPayload.length).toBeGreaterThanOrEqual(2);
      for (const response of withPayload) expect(response.output).toMatch(/^Successfully modified file: /);
      // What the user sees: each payload's first line as a hook system message, no "blocked".
      expect(run.stderr).toMatch(/Hook system message: culprit: your edit introduced/);
      expect(run.stderr).not.toMatch(/blocked/i);
      expect(events.find((event) => event['type'] === 'result')?.['status']).toBe('success');
    },
    testTimeoutMs,
  );
});
