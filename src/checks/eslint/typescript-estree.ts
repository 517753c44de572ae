/**
 * The typescript-estree the repository's typescript-eslint parses with, and the TypeScript it
 * uses, found the way its own imports would find them: a repository on TypeScript 7 keeps a
 * TypeScript 6 beside it for typescript-eslint, and culprit must read that one's programs with it.
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface TypescriptEstree {
  clearCaches(): void;
  /** Real path of the `typescript` it uses. */
  typescriptPath: string | undefined;
}

export function loadTypescriptEstree(root: string): TypescriptEstree | undefined {
  const chain = ['typescript-eslint', '@typescript-eslint/parser', '@typescript-eslint/typescript-estree'];
  let from = join(root, 'package.json');
  for (const name of chain) {
    try {
      from = createRequire(from).resolve(name);
    } catch {
      // Not installed this way (the parser may be a direct dependency): look from the root instead.
      try {
        from = createRequire(join(root, 'package.json')).resolve(name);
      } catch {
        if (name === chain.at(-1)) return undefined;
      }
    }
  }
  try {
    const estree = createRequire(from)(from) as { clearCaches?: () => void };
    return {
      clearCaches: () => estree.clearCaches?.(),
      typescriptPath: realpathSync(createRequire(from).resolve('typescript')),
    };
  } catch {
    return undefined;
  }
}
