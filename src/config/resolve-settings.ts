/**
 * Turns a raw config into complete settings, every default written out, detecting checks when
 * the config does not list them (detect-checks.ts: files at the repository root).
 */
import { resolveRemoteCache, type RemoteCacheSetup } from './remote-cache-settings.js';
import type { ResolvedCheck } from '../checks/registry.js';
import { makeUserError } from '../core/errors.js';
import { defaults } from './defaults.js';
import { describeDetectionFiles, detectChecks } from './detect-checks.js';
import { configFileName } from './load-config.js';
import type { RawConfig } from './schema.js';
import type { CoveragePolicy } from '../core/coverage/suppression-policy.js';

/** Files the agent must not hand-edit, beyond those recognised by marker or location. */
export interface NonEditableRule {
  glob: string;
  hint?: string;
}

export interface Settings {
  root: string;
  /** Per task; null where none is set (see docs/ledger.md). */
  budget: { attempts: number | null; seconds: number | null };
  checks: ResolvedCheck[];
  maxFiles: number;
  nonEditable: NonEditableRule[];
  outputLimit: number;
  /** Whether the first start, check or hook starts `culprit serve` in the background (serve/autostart.ts). */
  serve: boolean;
  /** Whether a served check is verified against a cold run (see warm/verify-warm.ts). */
  verifyWarm: boolean;
  /** Whether the agent hooks apply `culprit fix` before they report (tasks/fix-task.ts). */
  fixBeforeBlock: boolean;
  /** The shared baseline store (baseline/remote-cache-settings.ts), from `remoteCache` and TURBO_* variables. */
  remoteCache: RemoteCacheSetup;
  /** What a suppression, or a relaxed setting, is (core/coverage/suppression-policy.ts). */
  policy: CoveragePolicy;
  /** With no check to run (see ResolveSettingsOptions): the error to give when the baseline had none either. */
  nothingToCheck?: string | undefined;
}

export interface ResolveSettingsOptions {
  /**
   * Settings with no check at all instead of an error: `check` compares with a baseline that may
   * have had checks the edit removed (then each is a finding), and says "nothing to check" itself
   * when the baseline had none either (`nothingToCheck`).
   */
  mayCheckNothing?: boolean | undefined;
}

export async function resolveSettings(
  root: string,
  raw: RawConfig,
  options: ResolveSettingsOptions = {},
): Promise<Settings> {
  // Detection runs before anything is awaited, with the environment of the call.
  const checks = await resolveChecks(root, raw);
  const nothingToCheck = checks.length === 0 ? makeNothingToCheckError(root, raw) : undefined;
  if (nothingToCheck !== undefined && options.mayCheckNothing !== true) throw nothingToCheck;
  return {
    nothingToCheck: nothingToCheck?.message,
    root,
    budget: { attempts: raw.budget?.attempts ?? null, seconds: raw.budget?.seconds ?? null },
    checks,
    maxFiles: raw.maxFiles ?? defaults.maxFiles,
    nonEditable: raw.nonEditable ?? [],
    outputLimit: raw.outputLimit ?? defaults.outputLimit,
    serve: raw.serve ?? true,
    verifyWarm: raw.verifyWarm ?? false,
    fixBeforeBlock: raw.fixBeforeBlock ?? false,
    remoteCache: resolveRemoteCache(raw.remoteCache, process.env),
    policy: resolvePolicy(raw),
  };
}

/** What a configuration accepts of suppressions and relaxed settings, defaults written out. */
export function resolvePolicy(raw: RawConfig): CoveragePolicy {
  return {
    suppressions: raw.suppressions ?? 'error',
    allowSuppressionReason: resolveReasonPattern(raw.allowSuppressionReason),
    allowWeakening: raw.allowWeakening ?? [],
  };
}

function resolveReasonPattern(pattern: string | undefined): RegExp | null {
  if (pattern === undefined) return null;
  try {
    return new RegExp(pattern, 'u');
  } catch (error) {
    throw makeUserError(
      `${configFileName}: allowSuppressionReason: not a regular expression: ${(error as Error).message}`,
      error,
    );
  }
}

/**
 * The checks a configuration runs: those it lists, else those detected. `probeRoot`, when given,
 * is where detection reads the files: a copy of another tree's configuration files.
 */
export async function resolveChecks(root: string, raw: RawConfig, probeRoot = root): Promise<ResolvedCheck[]> {
  return raw.checks === undefined ? detectChecks(root, probeRoot) : resolveConfiguredChecks(raw.checks, root);
}

/** Why a repository has no check to run. */
export function makeNothingToCheckError(root: string, raw: RawConfig) {
  return makeUserError(
    raw.checks === undefined
      ? `nothing to check in ${root}: none of ${describeDetectionFiles().join(', ')} at the root (nor a tsconfig or ESLint config in a workspace package); list checks in ${configFileName}`
      : `${configFileName}: checks: every check is disabled`,
  );
}

async function resolveConfiguredChecks(entries: Record<string, unknown>, root: string): Promise<ResolvedCheck[]> {
  const { resolveCheck } = await import('./resolve-check.js');
  const checks: ResolvedCheck[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const check = await resolveCheck(name, entry, root);
    if (check !== null) checks.push(check);
  }
  return checks;
}
