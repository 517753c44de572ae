/**
 * The held-out repository of bench/held-out.ts: the bench's size, not its shape. Packages of
 * models (an enum, an interface, factories) and services (classes with async methods) behind a
 * barrel of services; each service uses its model and the service of the same slot two packages
 * back through a path alias, so an edit reaches few packages rather than every later one. Its
 * standing lint findings are other rules than the bench's (require-await, no-unsafe-assignment,
 * no-explicit-any, no-unused-vars, prefer-const). Nothing in culprit was tuned on it.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  classicLintConfig,
  commitGenerated,
  linkBenchTools,
  makeTsconfig,
  nativeLintConfig,
  type BenchStack,
} from './generate-repo.js';

export interface HeldOutRepo {
  root: string;
  files: number;
  packages: number;
  stack: BenchStack;
}

/** Models and services per package; with the barrel, 21 files a package. */
export const slots = 10;

/** `classic`: TypeScript 6 and typescript-eslint; `native`: TypeScript 7 and oxlint's type-aware rules, as the bench's stacks. */
export function generateHeldOutRepo(files: number, stack: BenchStack = 'classic'): HeldOutRepo {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `culprit-held-out-${stack}-${files}-`)));
  const packages = Math.max(3, Math.round(files / (2 * slots + 1)));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const paths: Record<string, string[]> = {};
  for (let p = 0; p < packages; p += 1) {
    paths[`@held/p${p}`] = [`./packages/p${p}/src/index.ts`];
    for (let k = 0; k < slots; k += 1) {
      write(modelPath(p, k), makeModel(p, k));
      write(servicePath(p, k), makeService(p, k));
    }
    write(
      `packages/p${p}/src/index.ts`,
      `${[...Array(slots).keys()].map((k) => `export * from './service/s${k}';`).join('\n')}\n`,
    );
  }
  write('package.json', JSON.stringify({ name: 'held-out', private: true, type: 'module' }, null, 2));
  write('tsconfig.json', makeTsconfig(paths, { lib: ['es2022'] }));
  if (stack === 'native') write('.oxlintrc.json', nativeLintConfig);
  else write('eslint.config.js', classicLintConfig);
  write('.gitignore', 'node_modules/\n');
  linkBenchTools(root, stack);
  commitGenerated(root, 'held-out');
  return { root, files: packages * (2 * slots + 1), packages, stack };
}

export function modelPath(p: number, k: number): string {
  return `packages/p${p}/src/model/m${k}.ts`;
}

export function servicePath(p: number, k: number): string {
  return `packages/p${p}/src/service/s${k}.ts`;
}

function makeModel(p: number, k: number): string {
  const id = `${p}x${k}`;
  return `export enum Status${id} {
  Open = 'open',
  Closed = 'closed',
}

export interface Entity${id} {
  id: number;
  name: string;
  status: Status${id};
  tags: readonly string[];
}

export function makeEntity${id}(id: number, name: string): Entity${id} {
  let tags = ['p${p}', 'k${k}'];
  return { id, name, status: Status${id}.Open, tags };
}

export function rank${id}(items: readonly Entity${id}[]): Entity${id}[] {
  return [...items].sort((a, b) => a.id - b.id);
}
`;
}

function makeService(p: number, k: number): string {
  const id = `${p}x${k}`;
  const back = p >= 2 ? `${p - 2}x${k}` : undefined;
  const imports = [`import { makeEntity${id}, rank${id}, type Entity${id} } from '../model/m${k}';`];
  if (back !== undefined) imports.push(`import type { Service${back} } from '@held/p${p - 2}';`);
  const link =
    back === undefined
      ? ''
      : `
  link(other: Service${back}): string {
    return \`\${other.describe()}>\${this.describe()}:\${other.top()?.name ?? ''}\`;
  }
`;
  return `${imports.join('\n')}

export class Service${id} {
  private readonly items: Entity${id}[] = [];

  add(name: string): Entity${id} {
    const entity = makeEntity${id}(this.items.length, name);
    this.items.push(entity);
    return entity;
  }

  async load(source: any): Promise<number> {
    const unused = source;
    return this.items.length;
  }

  top(): Entity${id} | undefined {
    return rank${id}(this.items)[0];
  }
${link}
  describe(): string {
    return 'p${p}s${k}:' + String(this.items.length) + (this.top()?.name ?? '');
  }
}
`;
}
