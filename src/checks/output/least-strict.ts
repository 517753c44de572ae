/**
 * Strength settings read from a config file and its overrides (Biome, oxlint, cargo's lint
 * tables): each setting at the least strict level any of them gives it. For a tool whose settings
 * list only what its config writes, a rule the file did not name is at the tool's default on both
 * sides of an edit, so a rule the edit turns off shows only as one more name in a count
 * (`countTurnedOff`): one setting, at minus the rules turned off, so each one more is a fall.
 */
import type { StrengthScope } from '../../core/check-run.js';

type Settings = StrengthScope['settings'];

export interface LeastStrict {
  readonly settings: Settings;
  /** The rules `takeRule` saw at level 0. */
  readonly off: ReadonlySet<string>;
  take(setting: string, level: [number, string]): void;
  /** As take, and a rule at level 0 counts as turned off. */
  takeRule(rule: string, level: [number, string]): void;
}

export function makeLeastStrict(): LeastStrict {
  const settings: Settings = {};
  const off = new Set<string>();
  const take = (setting: string, level: [number, string]) => {
    const known = settings[setting];
    if (known === undefined || level[0] < known[0]) settings[setting] = level;
  };
  return {
    settings,
    off,
    take,
    takeRule(rule, level) {
      take(rule, level);
      if (level[0] === 0) off.add(rule);
    },
  };
}

/** The rules a config turns off, as one setting: `[0, 'none']` for none (never -0). */
export function countTurnedOff(names: ReadonlySet<string>): [level: number, value: string] {
  if (names.size === 0) return [0, 'none'];
  return [-names.size, [...names].sort().join(', ')];
}
