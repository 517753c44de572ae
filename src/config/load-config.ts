/**
 * Finds and reads `culprit.config.json` at the repository root. Reading and validating are the
 * user-facing edges of configuration, so every failure names the file and, where there is one,
 * the field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { makeUserError } from '../errors.js';
import { configSchema, type RawConfig } from './schema.js';

export const configFileName = 'culprit.config.json';

export interface LoadedConfig {
  /** Absolute path of the file read, or null when there is none. */
  file: string | null;
  raw: RawConfig;
}

export function loadConfig(root: string): LoadedConfig {
  const file = join(root, configFileName);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: null, raw: {} };
    throw makeUserError(`${configFileName}: cannot be read: ${(error as Error).message}`, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw makeUserError(`${configFileName}: not valid JSON: ${(error as Error).message}`, error);
  }
  return { file, raw: parseConfig(json, configFileName) };
}

/** Validates a config object; `source` names it in errors. */
export function parseConfig(json: unknown, source: string): RawConfig {
  const result = configSchema.safeParse(json);
  if (!result.success) throw makeConfigError(source, result.error.issues);
  return result.data;
}

export function makeConfigError(source: string, issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []) {
  const issue = issues[0];
  if (issue === undefined) return makeUserError(`${source}: invalid`);
  const path = [...prefix, ...issue.path].map(String).join('.');
  const where = path === '' ? '' : `${path}: `;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return makeUserError(`${source}: ${where}${describeIssue(issue)}${more}`);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  // zod's messages start with "Invalid input: " for type errors; the field name already says that.
  return issue.message.replace(/^Invalid input: /, '');
}
