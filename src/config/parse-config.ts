/** Validating `culprit.config.json` against its schema (the one module of the config that loads zod for it). */
import { makeConfigError } from './load-config.js';
import { configSchema, type RawConfig } from './schema.js';

/** Validates a config object; `source` names it in errors. */
export function parseConfig(json: unknown, source: string): RawConfig {
  const result = configSchema.safeParse(json);
  if (!result.success) throw makeConfigError(source, result.error.issues, [], configSchema);
  return result.data;
}
