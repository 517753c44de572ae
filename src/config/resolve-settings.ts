/**
 * Turns a raw config into complete settings, every default written out, detecting checks when
 * the config does not list them. Detection looks only at the repository root: a tsconfig.json
 * means tsc, an ESLint flat config means eslint.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedCheck } from '../checks/check.js';
import { makeUserError } from '../errors.js';
import { configFileName, makeConfigError } from './load-config.js';
import { eslintCheckSchema, tscCheckSchema, type RawConfig } from './schema.js';

/** Files the agent must not hand-edit, beyond those recognised by marker or location. */
export interface NonEditableRule {
  glob: string;
  hint?: string;
}

export interface Settings {
  root: string;
  checks: ResolvedCheck[];
  maxFiles: number;
  nonEditable: NonEditableRule[];
  outputLimit: number;
}

export const defaults = {
  timeoutMs: 600_000,
  maxFiles: 2,
  outputLimit: 8000,
  tsconfig: 'tsconfig.json',
  eslintPatterns: ['.'],
} as const;

export const eslintConfigNames = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
];

export function resolveSettings(root: string, raw: RawConfig): Settings {
  const checks = raw.checks === undefined ? detectChecks(root) : resolveConfiguredChecks(raw.checks);
  if (checks.length === 0) {
    throw makeUserError(
      raw.checks === undefined
        ? `nothing to check in ${root}: no tsconfig.json or eslint.config.* at the root; list checks in ${configFileName}`
        : `${configFileName}: checks: every check is disabled`,
    );
  }
  return {
    root,
    checks,
    maxFiles: raw.maxFiles ?? defaults.maxFiles,
    nonEditable: raw.nonEditable ?? [],
    outputLimit: raw.outputLimit ?? defaults.outputLimit,
  };
}

function detectChecks(root: string): ResolvedCheck[] {
  const checks: ResolvedCheck[] = [];
  if (existsSync(join(root, defaults.tsconfig))) {
    checks.push({ name: 'tsc', kind: 'tsc', timeoutMs: defaults.timeoutMs, options: { project: defaults.tsconfig } });
  }
  if (eslintConfigNames.some((name) => existsSync(join(root, name)))) {
    checks.push({
      name: 'eslint',
      kind: 'eslint',
      timeoutMs: defaults.timeoutMs,
      options: { patterns: [...defaults.eslintPatterns] },
    });
  }
  return checks;
}

function resolveConfiguredChecks(entries: Record<string, unknown>): ResolvedCheck[] {
  const checks: ResolvedCheck[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const check = resolveCheck(name, entry);
    if (check !== null) checks.push(check);
  }
  return checks;
}

function resolveCheck(name: string, entry: unknown): ResolvedCheck | null {
  const at = ['checks', name];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw makeUserError(`${configFileName}: ${at.join('.')}: expected an object`);
  }
  const kind = (entry as { kind?: unknown }).kind ?? name;
  switch (kind) {
    case 'tsc': {
      const parsed = tscCheckSchema.safeParse(entry);
      if (!parsed.success) throw makeConfigError(configFileName, parsed.error.issues, at);
      if (parsed.data.enabled === false) return null;
      return {
        name,
        kind: 'tsc',
        timeoutMs: parsed.data.timeoutMs ?? defaults.timeoutMs,
        options: { project: parsed.data.project ?? defaults.tsconfig },
      };
    }
    case 'eslint': {
      const parsed = eslintCheckSchema.safeParse(entry);
      if (!parsed.success) throw makeConfigError(configFileName, parsed.error.issues, at);
      if (parsed.data.enabled === false) return null;
      return {
        name,
        kind: 'eslint',
        timeoutMs: parsed.data.timeoutMs ?? defaults.timeoutMs,
        options: { patterns: parsed.data.patterns ?? [...defaults.eslintPatterns] },
      };
    }
    default:
      throw makeUserError(
        `${configFileName}: ${at.join('.')}: unknown check; name it "tsc" or "eslint", or set "kind" to one of them`,
      );
  }
}
