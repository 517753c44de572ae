/**
 * Finds and reads `culprit.config.json` at the repository root. Reading and validating are the
 * user-facing edges of configuration, so every failure names the file and, where there is one,
 * the field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { makeUserError } from '../core/errors.js';
import { listValidFields } from './list-valid-fields.js';
import type { RawConfig } from './schema.js';

export const configFileName = 'culprit.config.json';

export interface LoadedConfig {
  /** Absolute path of the file read, or null when there is none. */
  file: string | null;
  raw: RawConfig;
}

/** Reads the file; zod, which validates it, is loaded only when there is one (check-options.ts says why). */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const file = join(root, configFileName);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: null, raw: {} };
    throw makeUserError(`${configFileName}: cannot be read: ${(error as Error).message}`, error);
  }
  const json = parseJsonText(text, configFileName, 'write {} or delete the file');
  const { parseConfig } = await import('./parse-config.js');
  return { file, raw: parseConfig(json, configFileName) };
}

/**
 * Parses the JSON text of a file culprit reads (its configuration, the ratchet file), BOM
 * allowed, or throws an error naming the file and where the text stops being JSON.
 */
export function parseJsonText(text: string, source: string, remedy: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw makeUserError(`${source}: the file is empty; ${remedy}`);
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    const { message } = error as Error;
    throw makeUserError(
      `${source}: not valid JSON${locateJsonError(body, message)}: ${message.replace(/\s*\n\s*/g, ' ')}`,
      error,
    );
  }
}

/** ` at line L, column C` from the position in V8's message, or '' when it gives none. */
function locateJsonError(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return '';
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  return ` at line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
}

/**
 * The error for the first of zod's issues, naming the file and the field. `schema` is what the
 * issues came from (at `prefix` in the file): with it, an unknown field's error lists the fields
 * that are valid where it stands.
 */
export function makeConfigError(
  source: string,
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
  schema?: z.core.$ZodType,
) {
  const issue = issues[0];
  if (issue === undefined) return makeUserError(`${source}: invalid`);
  // An unknown key is named as the field it is, like any other: `checks.tsc.projct: unknown field`.
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...prefix, ...issue.path, ...unknown.slice(0, 1)].map(formatPathPart).join('.');
  const where = path === '' ? '' : `${path}: `;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  const valid = issue.code === 'unrecognized_keys' && schema !== undefined ? listValidFields(schema, issue.path) : [];
  const hint = valid.length === 0 ? '' : `; valid here: ${valid.join(', ')}`;
  return makeUserError(`${source}: ${where}${describeIssue(issue)}${hint}${more}`);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const others = issue.keys.slice(1).map((key) => JSON.stringify(key));
    return `unknown field${others.length === 0 ? '' : `, as ${others.length === 1 ? 'is' : 'are'} ${others.join(', ')}`}`;
  }
  // zod's messages start with "Invalid input: " for type errors; the field name already says that.
  return issue.message.replace(/^Invalid input: /, '');
}

/** Field names as written in the file; an empty one, or one with spaces, is quoted. */
function formatPathPart(part: PropertyKey): string {
  const text = String(part);
  return text === '' || /\s/.test(text) ? JSON.stringify(text) : text;
}
