/**
 * Reads one of culprit's own JSON state files. Absent is a normal answer (null); present but
 * unreadable is the user's to fix, with a message saying what to run.
 */
import { readFileSync } from 'node:fs';
import { makeUserError } from '../core/errors.js';

export function readStateFile<T>(file: string, isValid: (value: T) => boolean, remedy: string): T | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as T;
    if (typeof value !== 'object' || value === null || !isValid(value)) throw new Error('unknown format');
    return value;
  } catch (error) {
    throw makeUserError(`culprit's state file ${file} is unreadable; ${remedy}`, error);
  }
}
