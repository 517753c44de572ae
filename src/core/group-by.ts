/** Items by key, each list in input order and the keys in order of first appearance; an item without a key (undefined) is left out. */
export function groupBy<Item, Key>(items: Iterable<Item>, keyOf: (item: Item) => Key | undefined): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [item]);
    else list.push(item);
  }
  return groups;
}
