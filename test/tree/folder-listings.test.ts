import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolderListings } from '../../src/tree/folder-listings.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeDirectory = useTemporaryDirectories();

describe('makeFolderListings', () => {
  it('watches a folder named ..gen inside the root, and nothing outside the root', () => {
    const parent = makeDirectory('culprit-listings-');
    const root = join(parent, 'repo');
    mkdirSync(join(root, '..gen'), { recursive: true });
    writeFileSync(join(root, '..gen', 'a.ts'), '');
    const listings = makeFolderListings(root);
    listings.watchFileFolder(join(root, '..gen', 'a.ts'));
    listings.watchFileFolder(join(parent, 'outside.ts'));
    writeFileSync(join(root, '..gen', 'b.ts'), '');
    writeFileSync(join(parent, 'other.ts'), '');
    expect(listings.takeAdded()).toEqual([join(root, '..gen', 'b.ts')]);
  });
});
