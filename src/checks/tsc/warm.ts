/**
 * Opens the warm tsc session this repository's TypeScript can have: the classic compiler API's
 * programs (5.x/6.x), whose programs ESLint's type-aware rules reuse, or the TS 7 native session.
 */
import { realpathSync } from 'node:fs';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { WarmSession, WarmShared } from '../check-definition.js';
import { requireTool, resolveToolPath } from '../runner/resolve-tool.js';
import { readMajorVersion } from './adapter.js';
import type { TscOptions } from './index.js';
import { openNativeTscSession } from './native-warm-session.js';
import { openTscSession } from './warm-session.js';

type TypeScript = typeof import('typescript');

export async function openTscWarmSession(request: CheckRequest<TscOptions>, shared?: WarmShared): Promise<WarmSession> {
  const typescript = requireTool<TypeScript>(request.root, 'typescript');
  const typescriptPath = realpathSync(resolveToolPath(request.root, 'typescript'));
  if (readMajorVersion(typescript.versionMajorMinor) >= 7) {
    const native = await openNativeTscSession(request, typescript.version, shared);
    return {
      close: native.close,
      rebase: native.rebase,
      run: (hint, _typed, seed) => {
        const { affected, checkedPaths, finish } = native.start(hint, seed);
        // The checking holds the worker's thread (the API is synchronous): it starts once the
        // sessions after this one have started theirs (oxlint's process), not before.
        const output = new Promise<CheckOutput>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(finish());
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          }),
        );
        return Promise.resolve({ output, offers: { session: null, affected, typescriptPath, checkedPaths } });
      },
    };
  }
  const session = openTscSession(typescript, request, shared);
  return {
    run: (hint, _typed, seed) => {
      const { output, affected } = session.run(hint, seed);
      return Promise.resolve({ output, offers: { session, affected, typescriptPath } });
    },
    rebase: (baseTexts) => session.rebase(baseTexts),
  };
}
