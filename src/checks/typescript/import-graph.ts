/** A module graph as each file's imports (absolute names), read backwards: who imports whom, however far. */

/** Each file → the files that import it. */
export function invertImports(imports: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const [fileName, targets] of imports) {
    for (const target of targets) {
      const list = importers.get(target);
      if (list === undefined) importers.set(target, [fileName]);
      else list.push(fileName);
    }
  }
  return importers;
}

/** The seeds and every file that imports one of them, directly or through others. */
export function collectImporters(
  seeds: readonly string[],
  importers: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const found = new Set(seeds);
  const queue = [...seeds];
  for (let fileName = queue.pop(); fileName !== undefined; fileName = queue.pop()) {
    for (const importer of importers.get(fileName) ?? []) {
      if (found.has(importer)) continue;
      found.add(importer);
      queue.push(importer);
    }
  }
  return found;
}
