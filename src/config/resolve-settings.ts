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
}

export async function resolveSettings(root: string, raw: RawConfig): Promise<Settings> {
  // Detection runs before anything is awaited, with the environment of the call.
  const checks = raw.checks === undefined ? await detectChecks(root) : await resolveConfiguredChecks(raw.checks, root);
  if (checks.length === 0) {
    throw makeUserError(
      raw.checks === undefined
        ? `nothing to check in ${root}: none of ${describeDetectionFiles().join(', ')} at the root (nor a tsconfig or ESLint config in a workspace package); list checks in ${configFileName}`
        : `${configFileName}: checks: every check is disabled`,
    );
  }
  return {
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
  };
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
