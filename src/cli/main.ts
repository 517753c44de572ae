#!/usr/bin/env node
/**
 * The culprit command line's entry. Where node has it (22.1 and later), V8's compiled code of the
 * modules is kept on disk between runs (node's compile cache, in the system's temporary folder or
 * NODE_COMPILE_CACHE), before the commands are loaded: a check a warm server answers is mostly
 * this process's start-up. Node 20 has no such cache and loads as before. A check or hook the
 * work tree's server answers takes the served shortcut (served.ts), which loads none of the
 * command line; everything else, and whatever the shortcut leaves, runs through commands.ts. The
 * build bundles this entry with the shortcut's modules into one file (package.json `build`):
 * commands.ts and what it loads are its own copies, so what the shortcut hands it is kept on the
 * process (stdin.ts, serve/ask-server.ts).
 */
import module from 'node:module';
import { logDebug } from '../debug/log-debug.js';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// Where a served check's time goes begins here (CULPRIT_DEBUG=time; bench/served-timeline.ts).
logDebug('culprit: started');
const args = process.argv.slice(2);
// A command the work tree's server may answer connects to it first: the server reads the tree
// while the rest of culprit loads (serve/connect-server.ts).
const [{ matchServedShortcut }, { connectEarly, dropEarlyConnection }] = await Promise.all([
  import('./served-shape.js'),
  import('../serve/connect-server.js'),
]);
if (matchServedShortcut(args) !== undefined) connectEarly(process.cwd());
const { runServedShortcut } = await import('./served.js');
const served = await runServedShortcut(args);
// Untaken (no server asked, or the full command line asks on its own): closed here.
dropEarlyConnection();
if (!served) await import('./commands.js');
