/**
 * Which project owns a file: the first, in checking order, that lists it as a root file. A
 * referenced project's sources are in every program that imports them, but only the owner
 * reports their diagnostics, with its own options, so each file is reported once.
 */

/** File name → index of the owning project. */
export function readOwners(fileLists: readonly (readonly string[])[]): Map<string, number> {
  const owners = new Map<string, number>();
  fileLists.forEach((fileNames, index) => {
    for (const fileName of fileNames) if (!owners.has(fileName)) owners.set(fileName, index);
  });
  return owners;
}
