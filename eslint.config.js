// ESLint for culprit's own code: type-aware typescript-eslint, and the layers of docs/ARCHITECTURE.md
// as boundary rules, so that an import across a layer fails `npm run lint`.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/ and what each may import besides itself, lowest first; anything not listed is
 * refused. `checksBase` is what every caller of a check may use: the adapter contract and the
 * registry (src/checks/*.ts), the runner and output normalising. The adapter folders themselves
 * are reached only through the registry.
 */
const infra = ['core', 'debug', 'state', 'git', 'tree'];
const checksBase = ['checks', 'check-runner', 'check-output'];
const belowTasks = [...infra, ...checksBase, 'config', 'snapshot', 'baseline', 'warm', 'seeded'];
const belowEdges = [...belowTasks, 'tasks', 'render'];
const layers = {
  core: [],
  debug: [],
  state: ['core', 'debug'],
  git: ['core', 'debug', 'state'],
  tree: ['core', 'debug', 'state', 'git'],
  checks: ['core'],
  'check-output': ['core', 'checks'],
  'check-runner': [...infra, 'checks', 'check-output'],
  'check-python': [...infra, 'checks', 'check-runner', 'check-output'],
  'check-typescript': [...infra, 'checks', 'check-runner', 'check-output'],
  'check-adapter': [...infra, 'checks', 'check-runner', 'check-output'],
  config: [...infra, ...checksBase],
  snapshot: [...infra, ...checksBase],
  baseline: [...infra, ...checksBase, 'config', 'snapshot'],
  warm: [...infra, ...checksBase, 'config', 'snapshot', 'baseline'],
  // The incremental cold path: a short-lived warm engine started from the baseline's seeds.
  seeded: [...infra, ...checksBase, 'config', 'snapshot', 'baseline', 'warm'],
  // The steps a check attempt is made of (attributing the edit, deferring checks, both sides of the
  // edit and of the ratchet file, the ledger), which the tasks compose.
  attempt: belowTasks,
  tasks: [...belowTasks, 'attempt'],
  // All wording lives here, over plain data from the core. Nothing below the edges imports it: tasks,
  // the baseline and the core say what they mean with codes (core/report/report-codes.ts,
  // core/task-notice.ts), and the edges ask render for the sentence.
  render: ['core'],
  hooks: belowEdges,
  mcp: belowEdges,
  serve: belowEdges,
  cli: [...belowEdges, 'hooks', 'mcp', 'serve'],
  entry: [...belowEdges, 'hooks', 'mcp', 'serve', 'cli', 'check-adapter', 'check-python', 'check-typescript'],
};

/** Packages the pure core may use: they compute, they touch no disk, process or network. */
const corePackages = ['zod', 'picomatch'];
const coreBuiltins = ['node:path', 'node:crypto'];

/**
 * First match wins: the named check folders before the catch-all adapter folder (a new folder in
 * src/checks is an adapter), and `checks` (src/checks/*.ts) and `entry` (src/*.ts) last. An
 * element is a folder, so `entry` also catches a new, unlisted folder of src/; such a folder gets
 * no policy (its files lack the `entry` category) and every import from or into it fails.
 */
const elements = [
  { type: 'check-runner', pattern: 'src/checks/runner' },
  { type: 'check-output', pattern: 'src/checks/output' },
  { type: 'check-python', pattern: 'src/checks/python' },
  { type: 'check-typescript', pattern: 'src/checks/typescript' },
  { type: 'check-adapter', pattern: 'src/checks/*', capture: ['adapter'] },
  { type: 'checks', pattern: 'src/checks' },
  ...Object.keys(layers)
    .filter((type) => type !== 'checks' && !type.startsWith('check-') && type !== 'entry')
    .map((type) => ({ type, pattern: `src/${type}` })),
  { type: 'entry', pattern: 'src' },
].map((element) => ({ ...element, partialMatch: false }));

/** The registry is the one file of `checks` that may load the adapters; see `elements` for `entry`. */
const files = [
  { category: 'check-registry', pattern: 'src/checks/registry.ts', partialMatch: false },
  { category: 'entry', pattern: 'src/*.ts', partialMatch: false },
];

const layerPolicies = Object.entries(layers).map(([from, allowed]) => ({
  from: { element: { type: from }, ...(from === 'entry' ? { file: { categories: 'entry' } } : {}) },
  allow: { to: { element: { types: { anyOf: allowed } } } },
}));

export default defineConfig(
  {
    ignores: ['node_modules/', 'dist/', '.bench/', 'demo/repo/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // noUncheckedIndexedAccess is on; `!` after an index the code has just bounded is how we say "in range".
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Objects here are closures over local state, never `this`-bound, so passing a method along is safe.
      '@typescript-eslint/unbound-method': 'off',
      // Index-signature keys (process.env, records) are read with brackets on purpose, as noPropertyAccessFromIndexSignature asks.
      '@typescript-eslint/dot-notation': 'off',
      // Numbers in messages are the point of most of our wording; objects and nullish values stay errors.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `() => resolve()` and `(x) => set.add(x)` shorthands read better than braces around one call.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // A leading underscore marks a binding kept on purpose: dropped from a rest spread, or a required parameter.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Callbacks handed to an API that expects a Promise (withLockFile, vitest hooks) are written async.
      '@typescript-eslint/require-await': 'off',
      // Cleanup in afterAll guards against a setup that failed half-way, which the declared types cannot see.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    // The core computes; process, network and console are the I/O it must not reach for.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'fetch', 'console'].map((name) => ({
          name,
          message: 'src/core is pure: pass the value in from the caller, or move this code out of the core.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          policies: [
            ...layerPolicies,
            {
              from: { element: { type: 'checks' }, file: { categories: 'check-registry' } },
              allow: { to: { element: { type: 'check-adapter' } } },
            },
            // Python tooling shared by the three Python adapters.
            {
              from: { element: { type: 'check-adapter', captured: { adapter: '{pyright,mypy,ruff}' } } },
              allow: { to: { element: { type: 'check-python' } } },
            },
            // The type checker's reading of declarations, shared by tsc and the type-aware linters.
            {
              from: { element: { type: 'check-adapter', captured: { adapter: '{tsc,eslint,oxlint}' } } },
              allow: { to: { element: { type: 'check-typescript' } } },
            },
            // Packages and Node built-ins: anyone but the core.
            {
              from: [
                { element: { type: '!{core,entry}' } },
                { element: { type: 'entry' }, file: { categories: 'entry' } },
              ],
              allow: { to: { module: { origin: '{external,core}' } } },
            },
            {
              from: { element: { type: 'core' } },
              allow: [
                { to: { module: { origin: 'external', source: corePackages } } },
                { to: { module: { origin: 'core', source: coreBuiltins } } },
              ],
            },
          ],
        },
      ],
    },
  },
);
