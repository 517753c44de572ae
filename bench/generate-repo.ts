/**
 * Generates a TypeScript monorepo-shaped repository for benchmarks: packages with barrel files,
 * a path alias per package, imports across packages through the aliases, and standing lint debt
 * (about 2,000+ findings) so attribution has real work to do.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface GeneratedRepo {
  root: string;
  files: number;
  /** A module whose function body the "body edit" changes. */
  bodyEditFile: string;
  /** The module declaring the exported type the "type edit" changes. */
  typeEditFile: string;
}

const modulesPerPackage = 20;

/**
 * `classic`: TypeScript 6 and typescript-eslint's type-checked rules; `native`: TypeScript 7 and
 * oxlint with its type-aware rules (oxlint-tsgolint), the same modules and standing findings.
 */
export type BenchStack = 'classic' | 'native';

export function generateRepo(files: number, into?: string, stack: BenchStack = 'classic'): GeneratedRepo {
  const root = into ?? realpathSync(mkdtempSync(join(tmpdir(), `culprit-bench-${files}-`)));
  const packages = Math.max(2, Math.round(files / (modulesPerPackage + 1)));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const paths: Record<string, string[]> = {};
  let count = 0;
  for (let p = 0; p < packages; p += 1) {
    paths[`@bench/p${p}`] = [`./packages/p${p}/src/index.ts`];
    const exports: string[] = [];
    for (let m = 0; m < modulesPerPackage; m += 1) {
      write(`packages/p${p}/src/m${m}.ts`, makeModule(p, m));
      exports.push(`export * from './m${m}';`);
      count += 1;
    }
    write(`packages/p${p}/src/index.ts`, `${exports.join('\n')}\n`);
    count += 1;
  }
  write('package.json', JSON.stringify({ name: 'bench', private: true, type: 'module' }, null, 2));
  write('tsconfig.json', makeTsconfig(paths));
  if (stack === 'native') write('.oxlintrc.json', nativeLintConfig);
  else write('eslint.config.js', classicLintConfig);
  write('.gitignore', 'node_modules/\n');
  linkBenchTools(root, stack);
  commitGenerated(root, 'bench');
  return {
    root,
    files: count,
    bodyEditFile: `packages/p${packages - 1}/src/m${modulesPerPackage - 1}.ts`,
    typeEditFile: 'packages/p0/src/m0.ts',
  };
}

/**
 * One module: an exported record type, functions over it, a use of the previous package's
 * barrel through its alias, a sibling import, and three standing lint findings
 * (prefer-const, no-explicit-any, no-unused-vars).
 */
function makeModule(p: number, m: number): string {
  const name = `Record${p}x${m}`;
  const imports: string[] = [];
  const uses: string[] = [];
  if (p > 0) {
    const other = `Record${p - 1}x${m}`;
    imports.push(`import { describe${p - 1}x${m}, type ${other} } from '@bench/p${p - 1}';`);
    uses.push(
      `export function relate${p}x${m}(a: ${name}, b: ${other}): string {\n  return describe${p - 1}x${m}(b) + a.label;\n}`,
    );
  }
  if (m > 0) {
    imports.push(`import { total${p}x${m - 1} } from './m${m - 1}';`);
    uses.push(
      `export function chain${p}x${m}(items: ${name}[]): number {\n  return total${p}x${m - 1}([]) + items.length;\n}`,
    );
  }
  return `${imports.join('\n')}

export interface ${name} {
  id: string;
  label: string;
  amount: number;
}

export function describe${p}x${m}(record: ${name}): string {
  let text = \`\${record.id}: \${record.label}\`;
  return text;
}

export function total${p}x${m}(records: ${name}[]): number {
  const unused = records.length;
  return records.reduce((sum, record) => sum + record.amount, 0);
}

export function loose${p}x${m}(value: any): string {
  return String(value);
}

${uses.join('\n\n')}
`;
}

/** A strict bundler-resolved project of `packages/`, each package behind its path alias. */
export function makeTsconfig(paths: Record<string, string[]>, extra: Record<string, unknown> = {}): string {
  const compilerOptions = {
    target: 'es2022',
    ...extra,
    module: 'esnext',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    paths,
  };
  return JSON.stringify({ compilerOptions, include: ['packages'] }, null, 2);
}

/** typescript-eslint's type-checked rules with the project service: the classic stack's lint. */
export const classicLintConfig = `import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
);
`;

/** One commit of everything generated, on `main`, by `name`. */
export function commitGenerated(root: string, name: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: `${name}@example.com`,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: `${name}@example.com`,
  };
  for (const args of [
    ['init', '--quiet', '--initial-branch=main'],
    ['add', '-A'],
    ['commit', '--quiet', '-m', name],
  ])
    execFileSync('git', args, { cwd: root, stdio: 'ignore', env });
}

/** oxlint's rules for the standing findings ESLint's config gives, and its type-aware no-unsafe-* rules. */
export const nativeLintConfig = JSON.stringify(
  {
    options: { typeAware: true },
    categories: { correctness: 'off' },
    rules: {
      'prefer-const': 'error',
      'no-unused-vars': 'error',
      'no-debugger': 'error',
      'typescript/no-explicit-any': 'error',
      'typescript/no-unsafe-argument': 'error',
      'typescript/no-unsafe-assignment': 'error',
      'typescript/no-unsafe-call': 'error',
      'typescript/no-unsafe-member-access': 'error',
      'typescript/no-unsafe-return': 'error',
    },
  },
  null,
  2,
);

/** The tools a generated repository uses, linked from culprit's own node_modules (a clone of one needs them too). */
export function linkBenchTools(root: string, stack: BenchStack = 'classic'): void {
  const tools: Record<string, string> =
    stack === 'native'
      ? { typescript: 'typescript-7', oxlint: 'oxlint', 'oxlint-tsgolint': 'oxlint-tsgolint' }
      : {
          typescript: 'typescript',
          eslint: 'eslint',
          'typescript-eslint': 'typescript-eslint',
          '@eslint/js': '@eslint/js',
        };
  for (const [name, target] of Object.entries(tools)) {
    mkdirSync(dirname(join(root, 'node_modules', name)), { recursive: true });
    symlinkSync(join(projectRoot, 'node_modules', target), join(root, 'node_modules', name), 'dir');
  }
  if (stack === 'native') {
    mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
    symlinkSync('../oxlint/bin/oxlint', join(root, 'node_modules', '.bin', 'oxlint'));
    symlinkSync('../oxlint-tsgolint/bin/tsgolint.js', join(root, 'node_modules', '.bin', 'tsgolint'));
  }
}
