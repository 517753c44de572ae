/**
 * `oxlint --format=sarif` as diagnostics. The log is SARIF 2.1.0 (checks/output/sarif-log.ts),
 * with three things of oxlint's own: rule ids are `plugin(rule)`, written here `plugin/rule` as
 * .oxlintrc.json and `oxlint-disable` comments name them (`typescript/no-explicit-any`);
 * the compiler diagnostics `typeCheck` adds (`typescript(TS2551)`) are phase semantic with their
 * TypeScript code; everything oxlint reports without a rule is `OXL0001`, which is what the parser and the
 * semantic checker reject (an unexpected token, a redeclared `let`: phase syntax) or an unused
 * disable directive; and regions count columns in UTF-8 bytes.
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import { makeRepoPath } from '../output/repo-path.js';
import { parseSarifLog, type SarifFindings } from '../output/sarif-log.js';
import { makeColumnRecounter } from '../output/source-columns.js';
import { makeLeastStrict } from '../output/least-strict.js';

/** Throws, saying on one line why, when the text is not a SARIF log. */
export function parseOxlintSarif(stdout: string, root: string): SarifFindings {
  const findings = parseSarifLog(stdout, { root, toRepoPath: makeRepoPath(root), phase: 'lint' });
  const recount = makeColumnRecounter(root, 'utf8-bytes');
  return { ...findings, diagnostics: findings.diagnostics.map((d) => recount(classifyOxlint(d))) };
}

/** `oxlint --rules --format=json`: the rules that need type information, as `plugin/rule`. */
export function parseTypeAwareRules(stdout: string): Set<string> {
  const rules = JSON.parse(stdout) as { scope?: unknown; value?: unknown; type_aware?: unknown }[];
  return new Set(
    rules.flatMap((rule) =>
      rule.type_aware === true && typeof rule.scope === 'string' && typeof rule.value === 'string'
        ? [`${rule.scope}/${rule.value}`]
        : [],
    ),
  );
}

/** `oxlint --debug=files`: one linted file a line, relative to the folder it ran in. */
export function parseOxlintFileList(stdout: string, root: string): string[] {
  const toRepoPath = makeRepoPath(root);
  return stdout
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => toRepoPath(resolve(root, line)));
}

function classifyOxlint(diagnostic: Diagnostic): Diagnostic {
  if (diagnostic.code !== 'OXL0001') {
    const rule = /^([\w-]+)\((.+)\)$/.exec(diagnostic.code);
    // With `typeCheck`, the compiler's own diagnostics come as `typescript(TS2551)`: a compiler finding.
    if (rule?.[1] === 'typescript' && /^TS\d+$/.test(rule[2]!))
      return { ...diagnostic, tool: 'oxlint', code: rule[2]!, phase: 'semantic' };
    return { ...diagnostic, tool: 'oxlint', code: rule === null ? diagnostic.code : `${rule[1]}/${rule[2]}` };
  }
  if (/^Unused \S+-disable\b.*\bdirective\b/i.test(diagnostic.message))
    return { ...diagnostic, tool: 'oxlint', code: 'unused-disable-directive' };
  return { ...diagnostic, tool: 'oxlint', code: 'syntax', phase: 'syntax' };
}

/**
 * `oxlint --print-config`: the configuration it resolved (categories turned into rules) as each
 * rule's level, `allow` 0, `warn` 1, `deny` 2, at the least strict one the config gives it, its
 * overrides' included: an override that turns a rule off for some files relaxes it. Undefined
 * when the text is not such a configuration.
 */
export function parseOxlintStrength(stdout: string): Record<string, [level: number, value: string]> | undefined {
  let config: { rules?: unknown; overrides?: unknown };
  try {
    config = JSON.parse(stdout) as typeof config;
  } catch {
    return undefined;
  }
  if (typeof config.rules !== 'object' || config.rules === null) return undefined;
  const { settings, take } = makeLeastStrict();
  const takeRules = (rules: unknown) => {
    if (typeof rules !== 'object' || rules === null) return;
    for (const [rule, entry] of Object.entries(rules))
      take(rule, readOxlintLevel(Array.isArray(entry) ? (entry as unknown[])[0] : entry));
  };
  takeRules(config.rules);
  if (Array.isArray(config.overrides))
    for (const override of config.overrides as ({ rules?: unknown } | null)[]) takeRules(override?.rules);
  return settings;
}

function readOxlintLevel(value: unknown): [number, string] {
  if (value === 'deny' || value === 'error' || value === 2) return [2, 'deny'];
  if (value === 'warn' || value === 1) return [1, 'warn'];
  return [0, 'allow'];
}
