/**
 * How strictly a tsc check checks, and what configures it (issue 35): one strength scope per
 * project, named by its tsconfig, with the effective value of every compiler option that only
 * relaxes checking when turned off (the `strict` family, `noUnused*`, `noImplicitReturns`, …) or
 * when turned on (`skipLibCheck`, `noCheck`, `allowUnreachableCode`, …). An option left out takes
 * `strict`'s value, and `strict` TypeScript's own default (off before 6, on from 6), so removing
 * `"strict": true` from a TypeScript 5 project reads as nine weakened settings and from a
 * TypeScript 6 project as none. Level 1 is the stricter value, 0 the relaxed one.
 */
import type { StrengthScope } from '../../core/check-run.js';

/** Options in the `strict` family: on unless `strict` (or TypeScript's default for it) turns them off. */
const strictFamily = [
  'noImplicitAny',
  'strictNullChecks',
  'strictFunctionTypes',
  'strictBindCallApply',
  'strictPropertyInitialization',
  'strictBuiltinIteratorReturn',
  'noImplicitThis',
  'useUnknownInCatchVariables',
  'alwaysStrict',
] as const;

/** Options that check more when on, off by default. */
const stricterWhenOn = [
  'noUnusedLocals',
  'noUnusedParameters',
  'noImplicitReturns',
  'noFallthroughCasesInSwitch',
  'noUncheckedIndexedAccess',
  'exactOptionalPropertyTypes',
  'noImplicitOverride',
  'noPropertyAccessFromIndexSignature',
] as const;

/** Options that check less when on (the last three were removed in 5.5; older 5.x still honour them). */
const relaxedWhenOn = [
  'skipLibCheck',
  'noCheck',
  'suppressImplicitAnyIndexErrors',
  'suppressExcessPropertyErrors',
  'noStrictGenericChecks',
] as const;

/** Unset, TypeScript reports these only as suggestions, which tsc prints not: as relaxed as `true`. */
const errorOnlyWhenFalse = ['allowUnreachableCode', 'allowUnusedLabels'] as const;

export type CompilerOptionValues = Readonly<Record<string, unknown>>;

/**
 * The strength of one project. `readStrict` gives a `strict`-family option's effective value
 * (TypeScript's own `getStrictOptionValue` where it has one); `source` is the tsconfig's repository
 * path, or null when it lies outside the repository.
 */
export function makeTscStrength(
  options: CompilerOptionValues,
  source: string | null,
  readStrict: (options: CompilerOptionValues, flag: string) => boolean,
): StrengthScope {
  const settings: StrengthScope['settings'] = {};
  const flag = (name: string, on: boolean, stricterOn: boolean) => {
    settings[name] = [on === stricterOn ? 1 : 0, String(on)];
  };
  for (const name of strictFamily) flag(name, readStrict(options, name), true);
  for (const name of stricterWhenOn) flag(name, options[name] === true, true);
  // checkJs matters only where JavaScript files are compiled (checkJs alone turns allowJs on).
  if ((options['allowJs'] ?? options['checkJs']) === true) flag('checkJs', options['checkJs'] === true, true);
  for (const name of relaxedWhenOn) flag(name, options[name] === true, false);
  for (const name of errorOnlyWhenFalse) {
    const value = options[name];
    settings[name] = [value === false ? 1 : 0, typeof value === 'boolean' ? String(value) : 'unset'];
  }
  return { source, settings };
}

/** A `strict`-family option's value where TypeScript has no function for it: the option, else `strict`, else the default. */
export function makeStrictReader(strictByDefault: boolean): (options: CompilerOptionValues, flag: string) => boolean {
  return (options, flag) => {
    const value = options[flag] ?? options['strict'] ?? strictByDefault;
    return value === true;
  };
}

/** Whether a repository-relative path is the repository's own file: inside it and outside node_modules. */
export function isOwnFile(path: string): boolean {
  return path !== '..' && !path.startsWith('../') && !path.split('/').includes('node_modules');
}
