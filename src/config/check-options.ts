/**
 * A check's entry, once valid, → a ResolvedCheck with every default written out, by its kind's
 * `resolveOptions` (checks/<kind>/index.ts). Apart from validation (resolve-check.ts) so that
 * detected checks, which have no fields to validate, are resolved without loading zod: most
 * repositories have no culprit.config.json, and zod is a tenth of a second of every cold
 * `culprit check`'s start-up.
 */
import {
  definitionOf,
  type CheckKind,
  type RawEntryOf,
  type ResolvedCheck,
  type ResolvedCheckOf,
} from '../checks/registry.js';
import { defaults } from './defaults.js';

/** The check a valid entry describes; null when the entry is disabled. */
export function makeResolvedCheck<Kind extends CheckKind>(
  kind: Kind,
  name: string,
  raw: RawEntryOf<Kind>,
  root: string,
): ResolvedCheck | null {
  if (raw.enabled === false) return null;
  const check: ResolvedCheckOf<Kind> = {
    name,
    kind,
    timeoutMs: raw.timeoutMs ?? defaults.timeoutMs,
    options: definitionOf(kind).resolveOptions(raw, root),
  };
  return check as ResolvedCheck;
}
