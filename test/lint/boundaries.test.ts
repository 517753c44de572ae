/**
 * The layers are rules the build checks: this lints made-up files against the project's own
 * eslint.config.js and asserts the boundary errors `npm run lint` would fail on. The files are
 * linted from text, so the type-aware rules (which need the file in a TypeScript program) are
 * switched off; the boundary rules only resolve imports and need no program.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: projectRoot, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** The rule and message of each problem ESLint reports for `text` placed at `filePath`. */
async function lintAt(
  filePath: string,
  text: string,
): Promise<{ ruleId: string | null; line: number; message: string }[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map(({ ruleId, line, message }) => ({ ruleId, line, message }));
}

describe('the layers in eslint.config.js', () => {
  it('refuses node:fs in src/core', async () => {
    const problems = await lintAt(
      'src/core/lint-probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    );
    expect(problems).toEqual([
      {
        ruleId: 'boundaries/dependencies',
        line: 1,
        message: expect.stringMatching(/from elements of type "core" to .*origin "core" and module source "node:fs"/),
      },
    ]);
  });

  it('refuses an import of src/state from src/core', async () => {
    const problems = await lintAt(
      'src/core/lint-probe.ts',
      "import { resolveStateLayout } from '../state/state-dir.js';\nexport const layout = resolveStateLayout;\n",
    );
    expect(problems).toEqual([
      {
        ruleId: 'boundaries/dependencies',
        line: 1,
        message: expect.stringMatching(/from elements of type "core" to elements of type "state"/),
      },
    ]);
  });

  it('refuses process in src/core', async () => {
    const problems = await lintAt('src/core/lint-probe.ts', 'export const cwd = (): string => process.cwd();\n');
    expect(problems.map(({ ruleId }) => ruleId)).toEqual(['no-restricted-globals']);
  });

  it('lets the core use itself, node:path, node:crypto and zod', async () => {
    const text = [
      "import { join } from 'node:path';",
      "import { createHash } from 'node:crypto';",
      "import { z } from 'zod';",
      "import { isInside } from './is-inside.js';",
      'export const used = [join, createHash, z, isInside];',
      '',
    ].join('\n');
    expect(await lintAt('src/core/lint-probe.ts', text)).toEqual([]);
  });

  it('refuses render from every layer below the edges, and lets the edges word what they say', async () => {
    const importRender = "import { countOf } from '../render/wording.js';\nexport const words = countOf;\n";
    for (const layer of ['core', 'tasks', 'attempt', 'baseline', 'warm', 'seeded', 'snapshot', 'config', 'state']) {
      const problems = await lintAt(`src/${layer}/lint-probe.ts`, importRender);
      expect(problems.map(({ ruleId, message }) => [ruleId, message])).toEqual([
        [
          'boundaries/dependencies',
          expect.stringMatching(new RegExp(`from elements of type "${layer}" to elements of type "render"`)),
        ],
      ]);
    }
    for (const edge of ['cli', 'mcp', 'hooks', 'serve'])
      expect(await lintAt(`src/${edge}/lint-probe.ts`, importRender)).toEqual([]);
  });

  it('refuses a check adapter from render, and another adapter from an adapter', async () => {
    const fromRender = await lintAt(
      'src/render/lint-probe.ts',
      "import { tscAdapter } from '../checks/tsc/adapter.js';\nexport const a = tscAdapter;\n",
    );
    expect(fromRender.map(({ message }) => message)).toEqual([
      expect.stringMatching(/from elements of type "render" to elements of type "check-adapter"/),
    ]);
    const fromMypy = await lintAt(
      'src/checks/mypy/lint-probe.ts',
      "import { tscAdapter } from '../tsc/adapter.js';\nexport const a = tscAdapter;\n",
    );
    expect(fromMypy.map(({ message }) => message)).toEqual([
      expect.stringMatching(/adapter="mypy" to .*adapter="tsc"/),
    ]);
  });
});
