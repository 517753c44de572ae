/**
 * For a tool whose strength lists only the settings its config file writes (Biome, cargo's lint
 * tables): a rule the file did not name is at the tool's default on both sides of an edit, so a
 * rule the edit turns off shows only as one more name here. One setting, at minus the count of
 * the rules turned off, so each one more is a fall.
 */
export function countTurnedOff(names: ReadonlySet<string>): [level: number, value: string] {
  if (names.size === 0) return [0, 'none'];
  return [-names.size, [...names].sort().join(', ')];
}
