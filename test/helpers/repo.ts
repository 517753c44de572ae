/**
 * Small real repositories for tests: files on disk, a real git history, and a node_modules of
 * symlinks to the tool versions culprit's own devDependencies pin. Nothing here is mocked; a
 * test repository is what a user's repository looks like to culprit.
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  renameSync,
  realpathSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ownModules = join(projectRoot, 'node_modules');

export type TypeScriptVersion = '5.9' | '6.0' | '7';
export type EslintVersion = '8' | '9' | '10';

export interface RepoOptions {
  /** Files to write, path → content. */
  files: Record<string, string>;
  /** Which TypeScript to install as the repository's own; false for none. Default '6.0'. */
  typescript?: TypeScriptVersion | false;
  /** Which ESLint (with typescript-eslint and @eslint/js) to install; false for none. Default false. */
  eslint?: EslintVersion | false;
  /** Initialise git and commit the files. Default true. */
  git?: boolean;
}

export interface TestRepo {
  root: string;
  write(path: string, content: string): void;
  read(path: string): string;
  remove(path: string): void;
  move(from: string, to: string): void;
  git(...args: string[]): string;
  commit(message?: string): void;
  cleanup(): void;
}

const typescriptPackages: Record<TypeScriptVersion, string> = {
  '5.9': 'typescript-5.9',
  '6.0': 'typescript',
  '7': 'typescript-7',
};

const eslintPackages: Record<EslintVersion, string> = { '8': 'eslint-8', '9': 'eslint-9', '10': 'eslint' };

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'culprit test',
  GIT_AUTHOR_EMAIL: 'test@culprit.invalid',
  GIT_COMMITTER_NAME: 'culprit test',
  GIT_COMMITTER_EMAIL: 'test@culprit.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export function makeRepo(options: RepoOptions): TestRepo {
  // realpath: on some machines tmpdir is a symlink, and tools report real paths.
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-test-')));
  const write = (path: string, content: string) => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  for (const [path, content] of Object.entries(options.files)) write(path, content);

  linkToolchain(root, options.typescript ?? '6.0', options.eslint ?? false);

  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (options.git ?? true) {
    if (!('.gitignore' in options.files)) write('.gitignore', 'node_modules/\n');
    git('init', '--quiet', '--initial-branch=main');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'initial');
  }

  return {
    root,
    write,
    read: (path) => readFileSync(join(root, path), 'utf8'),
    remove: (path) => rmSync(join(root, path), { recursive: true, force: true }),
    move: (from, to) => {
      mkdirSync(dirname(join(root, to)), { recursive: true });
      renameSync(join(root, from), join(root, to));
    },
    git,
    commit: (message = 'change') => {
      git('add', '-A');
      git('commit', '--quiet', '-m', message);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Gives a directory a node_modules holding the chosen tool versions, as symlinks into ours. */
export function linkToolchain(
  root: string,
  typescript: TypeScriptVersion | false,
  eslint: EslintVersion | false,
): void {
  const modules = join(root, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const link = (name: string, target: string) => {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(ownModules, target), join(modules, name), 'dir');
  };
  if (typescript) link('typescript', typescriptPackages[typescript]);
  if (eslint) {
    link('eslint', eslintPackages[eslint]);
    link('typescript-eslint', 'typescript-eslint');
    link('@eslint/js', '@eslint/js');
    // An eslintrc names the parser and the plugin; ESLint resolves them from the config's folder.
    link('@typescript-eslint/parser', '@typescript-eslint/parser');
    link('@typescript-eslint/eslint-plugin', '@typescript-eslint/eslint-plugin');
  }
}

/**
 * Links TypeScript 6 beside the repository's TypeScript 7 as `@typescript/typescript6`, the
 * side-by-side package TypeScript 7's release recommends for tools that need the classic API.
 */
export function linkTypescript6Beside(root: string): void {
  mkdirSync(join(root, 'node_modules', '@typescript'), { recursive: true });
  symlinkSync(
    join(ownModules, '@typescript', 'typescript6'),
    join(root, 'node_modules', '@typescript', 'typescript6'),
    'dir',
  );
}

/**
 * An eslintrc (`.eslintrc.json`) with typescript-eslint's type-aware rules, its legacy
 * `parserOptions.project` form. The rules are named, not `extends`'d from
 * `plugin:@typescript-eslint/recommended-type-checked`: the linked plugin resolves culprit's own
 * ESLint 10, whose base rules (which the plugin's extension rules wrap) take other options than
 * ESLint 8's; in a real install the plugin resolves the repository's ESLint.
 */
export const typeAwareEslintrc = `${JSON.stringify(
  {
    root: true,
    parser: '@typescript-eslint/parser',
    parserOptions: { project: './tsconfig.json' },
    plugins: ['@typescript-eslint'],
    extends: ['eslint:recommended'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
    ignorePatterns: ['dist/', '*.js'],
  },
  null,
  2,
)}\n`;

/** A strict CommonJS tsconfig over `src/`, for the ESLint 8 repositories `typeAwareEslintrc` lints. */
export const commonjsTsconfig = JSON.stringify({
  compilerOptions: { strict: true, target: 'es2022', lib: ['es2022'], module: 'commonjs', noEmit: true, types: [] },
  include: ['src'],
});

/** A flat ESLint config with typescript-eslint's type-aware rules on `.ts` files. */
export const typeAwareEslintConfig = `import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
);
`;

/**
 * A strict tsconfig over `src/` with bundler resolution and no emit: what most scenarios type-check with.
 * `lib: ['es2022']`: no scenario needs the DOM, and checking lib.dom.d.ts was most of every tsc run
 * here (parsing it, a third of every type-aware ESLint run).
 */
export const bundlerTsconfig = JSON.stringify({
  compilerOptions: {
    target: 'es2022',
    lib: ['es2022'],
    module: 'esnext',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
});
