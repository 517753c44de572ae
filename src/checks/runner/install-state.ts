/**
 * Files package managers rewrite on every install (npm's hidden lockfile, pnpm's and yarn's
 * state), found in `node_modules/`: when one changes, the installed tools, plugins, type
 * packages or configs may have too. The baseline cache keys on them; a warm worker watches them.
 */
export const installStateFiles: readonly string[] = [
  '.package-lock.json',
  '.modules.yaml',
  '.yarn-state.yml',
  '.yarn-integrity',
];

/** Lockfiles package managers write at a package's root: a change can install other tools or plugins. */
export const lockfileNames: readonly string[] = [
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lock',
  'bun.lockb',
];

/** Root files that decide what a package install brings: the manifest, the lockfiles, workspace and registry settings. */
export const packageFileNames: readonly string[] = [
  'package.json',
  ...lockfileNames,
  'pnpm-workspace.yaml',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
];
