/**
 * Files package managers rewrite on every install (npm's hidden lockfile, pnpm's and yarn's
 * state), found in `node_modules/`: when one changes, the installed tools, plugins, type
 * packages or configs may have too. The baseline cache keys on them; a warm worker watches them.
 */
export const installStateFiles: readonly string[] = ['.package-lock.json', '.modules.yaml', '.yarn-state.yml', '.yarn-integrity'];
