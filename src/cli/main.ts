#!/usr/bin/env node
/**
 * The culprit command line's entry. Where node has it (22.1 and later), V8's compiled code of the
 * modules is kept on disk between runs (node's compile cache, in the system's temporary folder or
 * NODE_COMPILE_CACHE), before the commands are loaded: a check a warm server answers is mostly
 * this process's start-up. Node 20 has no such cache and loads as before. A check or hook the
 * work tree's server answers takes the served shortcut (served.ts), which loads none of the
 * command line; everything else, and whatever the shortcut leaves, runs through commands.ts.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runServedShortcut } = await import('./served.js');
if (!(await runServedShortcut(process.argv.slice(2)))) await import('./commands.js');
