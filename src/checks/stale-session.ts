/**
 * A warm session that can no longer answer like a cold run would: its configuration or the
 * installed tools changed under it (a tsconfig, an ESLint config or a module it imports,
 * package.json, an install). The worker gives up its whole process and the engine starts a new
 * one, cold: a tool's modules and a config's imports stay loaded in a process, so nothing short
 * of a new process is sure to see the change.
 */

const staleBrand = Symbol.for('culprit.stale-session');

export interface StaleSessionError extends Error {
  [staleBrand]: true;
}

export function makeStaleSessionError(reason: string): StaleSessionError {
  const error = new Error(reason) as StaleSessionError;
  error[staleBrand] = true;
  return error;
}

export function isStaleSessionError(error: unknown): error is StaleSessionError {
  return typeof error === 'object' && error !== null && (error as Partial<StaleSessionError>)[staleBrand] === true;
}
