/**
 * Zero-config detection: which checks a repository evidently uses, from files at its root.
 * tsconfig.json → tsc; an ESLint flat config → eslint; pyrightconfig.json or `[tool.pyright]`
 * → pyright; a mypy or ruff configuration → mypy or ruff, but only when the tool is installed
 * (many repositories carry a `[tool.ruff]` table for an editor); Cargo.toml → cargo. A
 * detected tool that turns out to be missing is reported `missing`, never clean.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedCheck } from '../checks/check.js';
import { findExecutable } from '../checks/runner/find-executable.js';
import { defaults, eslintConfigNames } from './defaults.js';
import { readPyprojectTools, readText } from './project-files.js';
import { makeResolvedCheck } from './check-options.js';

type CheckKind = Exclude<ResolvedCheck['kind'], 'command'>;

/** Root files that say a repository uses a check, as they are named in the "nothing to check" error. */
export const detectionFiles: Readonly<Record<CheckKind, string>> = {
  tsc: 'tsconfig.json',
  eslint: 'eslint.config.*',
  pyright: 'pyrightconfig.json or [tool.pyright]',
  mypy: 'mypy.ini or [tool.mypy] (with mypy installed)',
  ruff: 'ruff.toml or [tool.ruff] (with ruff installed)',
  cargo: 'Cargo.toml',
};

export function detectChecks(root: string): ResolvedCheck[] {
  const has = (name: string) => existsSync(join(root, name));
  const pyproject = readPyprojectTools(readText(join(root, 'pyproject.toml')));
  const isInstalled = (tool: string) => findExecutable(tool, { local: ['python'], roots: [root] }) !== null;
  const detected: Record<CheckKind, () => boolean> = {
    tsc: () => has(defaults.tsconfig),
    eslint: () => eslintConfigNames.some(has),
    pyright: () => has('pyrightconfig.json') || pyproject.has('pyright'),
    mypy: () =>
      (has('mypy.ini') || has('.mypy.ini') || pyproject.has('mypy') || /^\s*\[mypy\]/m.test(readText(join(root, 'setup.cfg')))) && isInstalled('mypy'),
    ruff: () => (has('ruff.toml') || has('.ruff.toml') || pyproject.has('ruff')) && isInstalled('ruff'),
    cargo: () => has(defaults.cargoManifest),
  };
  return (Object.keys(detected) as CheckKind[]).filter((kind) => detected[kind]()).flatMap((kind) => makeResolvedCheck(kind, kind, {}, root) ?? []);
}
