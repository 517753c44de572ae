/**
 * What a compiled worker process (a check worker, a warm worker) starts with: node's compile
 * cache, as the command line's entry turns it on (cli/main.ts), then the worker module named by
 * its first argument. A worker loads a few hundred modules (the adapters', the tool's API) on the
 * path of every cold check; with the cache they are not compiled again on each run. The module is
 * loaded once the cache is on: a static import would be compiled before it.
 */
import module from 'node:module';
import { pathToFileURL } from 'node:url';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const worker = process.argv[2];
if (worker === undefined) {
  process.stderr.write('culprit worker: no worker module given\n');
  process.exit(2);
}
await import(pathToFileURL(worker).href);
