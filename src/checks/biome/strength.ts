/**
 * How strictly Biome lints, read from its root config file (biome.json or biome.jsonc): whether
 * the linter runs, whether its recommended rules do, and each rule and group the file sets
 * (`suspicious/noDebugger`), at the least strict level the file or any of its overrides gives
 * it: `off` 0, `info` and `warn` 1, `error` and `on` 2; and how many rules it turns off (`rules
 * off`). Biome prints no resolved configuration, so what `extends` and nested configs add is not
 * read; a rule the file turns off, lowers, or turns off for some files in an override is.
 */
import type { StrengthScope } from '../../core/check-run.js';
import { parseJsonc } from '../output/read-jsonc.js';
import { countTurnedOff, makeLeastStrict } from '../output/least-strict.js';

type Settings = StrengthScope['settings'];

/** The settings of a config file's text; undefined when it does not read. */
export function readBiomeStrength(text: string): Settings | undefined {
  let config: unknown;
  try {
    config = parseJsonc(text);
  } catch {
    return undefined;
  }
  if (!isObject(config)) return undefined;
  const { settings, off, take, takeRule } = makeLeastStrict();
  const takeLinter = (linter: unknown) => {
    if (!isObject(linter)) return;
    if (linter['enabled'] !== undefined)
      take('linter.enabled', linter['enabled'] === false ? [0, 'false'] : [1, 'true']);
    const rules = linter['rules'];
    if (!isObject(rules)) return;
    for (const [group, value] of Object.entries(rules)) {
      if (group === 'recommended') take(group, value === false ? [0, 'false'] : [1, String(value)]);
      else if (group === 'preset') take(group, value === 'none' ? [0, 'none'] : [1, String(value)]);
      else if (isObject(value))
        for (const [rule, entry] of Object.entries(value)) takeRule(`${group}/${rule}`, readLevel(entry));
      else takeRule(group, readLevel(value));
    }
  };
  take('linter.enabled', [1, 'true']);
  takeLinter(config['linter']);
  const overrides = config['overrides'];
  if (Array.isArray(overrides))
    for (const override of overrides as unknown[]) if (isObject(override)) takeLinter(override['linter']);
  settings['rules off'] = countTurnedOff(off);
  return settings;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A rule's or group's entry: a level, or `{ level, options }`. */
function readLevel(entry: unknown): [number, string] {
  const level = isObject(entry) ? entry['level'] : entry;
  if (level === 'error' || level === 'on') return [2, level];
  if (level === 'warn' || level === 'info') return [1, level];
  return [0, typeof level === 'string' ? level : 'off'];
}
