/**
 * Claude Code itself (the pinned @anthropic-ai/claude-code) running headless against a scripted
 * model on 127.0.0.1, with culprit's hooks configured as docs/integrations/claude-code.md says.
 * The model makes the seed's breaking rename and then fixes only the sites culprit shows it;
 * the assertions read what the model was actually sent and what Claude Code told the user.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestRepo } from '../helpers/repo.js';
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
import { makeClaudeHandler, makeMcpCallerHandler } from './claude-api.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { makeScriptedAgent, makeSilencingAgent, type ScriptedAgent } from './scripted-agent.js';

const hook = [{ type: 'command', command: 'npx culprit hook claude-code', timeout: 300 }];
const stopOnly = { Stop: [{ hooks: hook }] };
const stopAndEdits = { ...stopOnly, PostToolUse: [{ matcher: 'Edit|Write|MultiEdit', hooks: hook }] };

describe('Claude Code 2.1.332 with culprit hooks', () => {
  const cleanup = useCleanups();

  async function session(
    hooks: Record<string, unknown>,
    extraArgs: readonly string[] = [],
    handler?: (root: string) => Parameters<typeof startModelServer>[0],
  ) {
    const repo: TestRepo = makeAgentRepo(['.claude/']);
    cleanup(() => repo.cleanup());
    writeJson(join(repo.root, '.claude', 'settings.json'), { hooks });
    const agent = makeScriptedAgent(repo.root);
    const server: ModelServer = await startModelServer(handler?.(repo.root) ?? makeClaudeHandler(repo.root, agent));
    cleanup(() => server.close());
    const home = mkdtempSync(join(tmpdir(), 'culprit-claude-home-'));
    cleanup(() => rmSync(home, { recursive: true, force: true }));
    const run = await runAgent(
      agentBin('claude'),
      [
        '-p',
        'Rename RateCard.price to unitPrice.',
        '--output-format',
        'stream-json',
        '--verbose',
        '--include-hook-events',
        '--permission-mode',
        'acceptEdits',
        ...extraArgs,
      ],
      {
        cwd: repo.root,
        timeoutMs: sessionTimeoutMs,
        env: {
          HOME: home,
          ANTHROPIC_BASE_URL: server.url,
          ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        },
      },
    );
    const events = parseJsonLines(run.stdout);
    const answers = events
      .filter(
        (event) =>
          event['subtype'] === 'hook_response' && typeof event['stdout'] === 'string' && event['stdout'] !== '',
      )
      .map((event) => ({
        event: event['hook_event'] as string,
        answer: JSON.parse(event['stdout'] as string) as Record<string, unknown>,
      }));
    return { repo, agent, server, run, events, answers };
  }

  function expectNoHookError(events: Record<string, unknown>[], server: ModelServer): void {
    const notices = events.filter((event) => event['subtype'] === 'notification').map((event) => event['key']);
    expect(notices).not.toContain('stop-hook-error');
    for (const request of server.requests) expect(JSON.stringify(request.body)).not.toMatch(/hook (blocking )?error/i);
  }

  it(
    'keeps the model working from the Stop hook alone until the tree is clean, as context rather than an error',
    async () => {
      const { repo, agent, server, run, events, answers } = await session(stopOnly);
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      // The first Stop hook started the work tree's warm server (outside CI, as for a user); it was stopped after.
      expect(run.server).toBeGreaterThan(0);
      expect(checkAfter(repo)).toEqual({ verdict: 'clean', introduced: 0 });

      // Every stop with findings answered with context for the model, and the model got it.
      const stops = answers.filter((answer) => answer.event === 'Stop');
      expect(stops.length).toBeGreaterThanOrEqual(2);
      for (const { answer } of stops) {
        expect(Object.keys(answer).sort()).toEqual(['hookSpecificOutput', 'systemMessage']);
        const context = (answer['hookSpecificOutput'] as { additionalContext: string }).additionalContext;
        expect(context).toMatch(/^culprit: your edit introduced \d+ findings?/);
        expect(
          server.requests.some((request) => requestCarries(request.body, `Stop hook additional context: ${context}`)),
        ).toBe(true);
      }
      expect(agent.payloads).toHaveLength(stops.length);
      // The last stop found the tree clean and said nothing: Claude Code let the session end.
      expect(
        events.filter((event) => event['subtype'] === 'hook_response' && event['hook_event'] === 'Stop'),
      ).toHaveLength(stops.length + 1);
      expectNoHookError(events, server);
      // What the user sees of each round: the payload's first line, as an informational "Stop says".
      const shown = events
        .filter((event) => event['subtype'] === 'informational')
        .map((event) => String(event['content']));
      expect(shown.some((line) => line.startsWith('Stop says: culprit: your edit introduced'))).toBe(true);
    },
    testTimeoutMs,
  );

  it(
    'hands the model the payload after each edit too, and the loop still ends clean',
    async () => {
      const { repo, agent, server, run, events, answers } = await session(stopAndEdits);
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      expect(checkAfter(repo)).toEqual({ verdict: 'clean', introduced: 0 });
      const edits = answers.filter((answer) => answer.event === 'PostToolUse');
      expect(edits.length).toBeGreaterThanOrEqual(2);
      for (const { answer } of edits) {
        const context = answer['hookSpecificOutput'] as { hookEventName: string; additionalContext: string };
        expect(context.hookEventName).toBe('PostToolUse');
        expect(server.requests.some((request) => requestCarries(request.body, context.additionalContext))).toBe(true);
      }
      expect(agent.payloads.length).toBeGreaterThanOrEqual(2);
      expectNoHookError(events, server);
    },
    testTimeoutMs,
  );

  it(
    "hands the model the MCP check's payload text, which it reads from structuredContent, and leaves no server behind",
    async () => {
      const { repo, server, run } = await session(
        {},
        ['--mcp-config', '.mcp.json', '--strict-mcp-config', '--allowedTools', 'mcp__culprit__check'],
        (root) => {
          writeJson(join(root, '.mcp.json'), { mcpServers: { culprit: { command: 'npx', args: ['culprit', 'mcp'] } } });
          return makeMcpCallerHandler(root);
        },
      );
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      // What Claude Code put in the model's tool result for the check call.
      const results = server.requests
        .flatMap((request) => (request.body as { messages?: { content: unknown }[] }).messages ?? [])
        .flatMap((message) =>
          Array.isArray(message.content)
            ? (message.content as { type: string; tool_use_id?: string; content?: unknown }[])
            : [],
        )
        .filter((block) => block.type === 'tool_result' && block.tool_use_id === 'toolu_check');
      expect(results.length).toBeGreaterThan(0);
      const seen = typeof results[0]!.content === 'string' ? results[0]!.content : JSON.stringify(results[0]!.content);
      // Claude Code 2.1.332 serialises structuredContent as the tool result: the payload is its first field.
      const shown = JSON.parse(seen) as { text: string; verdict: string };
      // One cause: the renamed member, stated once, with every site of it by file.
      expect(shown.text).toMatch(
        /^culprit: your edit introduced \d+ findings; showing \d+ in 5 files, every site of the declaration your edit changed in packages\/billing\/src\/types\.ts\./,
      );
      expect(shown.text).toContain(
        'packages/billing/src/types.ts:3 One cause: your edit renamed `RateCard.price` to `unitPrice`.',
      );
      expect(shown.text).toContain('  packages/billing/src/rates.ts:4:15, 8:38, 8:48');
      expect(shown.verdict).toBe('introduced');
      expect(repo.read('packages/billing/src/types.ts')).toContain('unitPrice: number;');
    },
    testTimeoutMs,
  );
  it(
    'never lets a model that hides the findings with @ts-expect-error read clean: the directives are the next payload, then stuck',
    async () => {
      let silencing: ScriptedAgent | undefined;
      const { repo, server, run, events, answers } = await session(stopOnly, [], (root) =>
        makeClaudeHandler(root, (silencing = makeSilencingAgent(root))),
      );
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.survivors).toEqual([]);
      expect(repo.read('packages/billing/src/rates.ts')).toContain('// @ts-expect-error legacy');
      // The tree the model left is not clean: the rename's sites are introduced, their directives too.
      const after = checkAfter(repo);
      expect(after.verdict).not.toBe('clean');
      expect(after.introduced).toBeGreaterThan(0);
      // Every Stop answer says what the edit introduced; none lets the model go as clean.
      const stops = answers.filter((answer) => answer.event === 'Stop').map(({ answer }) => answer);
      expect(stops.length).toBeGreaterThanOrEqual(3);
      for (const answer of stops) expect(answer['systemMessage']).toMatch(/^culprit: (your edit introduced|stuck:) /);
      // The blocks before the last carried the payload to the model as context.
      const contexts = stops
        .slice(0, -1)
        .map((answer) => (answer['hookSpecificOutput'] as { additionalContext: string }).additionalContext);
      // What the model read after silencing: each directive named as what the edit added instead of a fix.
      const payloads = silencing!.payloads;
      expect(payloads).toHaveLength(contexts.length);
      expect(contexts[1]).toMatch(
        /^culprit: your edit introduced \d+ findings; showing \d+: 5 about how the code is checked/,
      );
      expect(contexts[1]).toContain(
        'packages/billing/src/rates.ts:4:3 error @ts-expect-error: your edit added `@ts-expect-error` instead of fixing what it hides from tsc: fix the code and remove the directive, or leave the decision to a person.',
      );
      expect(
        server.requests.some((request) =>
          requestCarries(request.body, `Stop hook additional context: ${contexts[1]!}`),
        ),
      ).toBe(true);
      // The model kept the directives: the last Stop lets it go stuck, naming them, never clean.
      expect(stops.at(-1)!['systemMessage']).toMatch(/^culprit: stuck: the same \d+ findings came back unchanged/);
      expect(stops.at(-1)!['systemMessage']).toContain('your edit added `@ts-expect-error`');
      expectNoHookError(events, server);
    },
    testTimeoutMs,
  );
});
