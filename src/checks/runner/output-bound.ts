/**
 * How much a tool may print on stdout by default: enough for the JSON of tens of thousands of
 * findings; far below what would hurt culprit. Apart from run-tool.ts so the `command` check's
 * defaults (read in every process) do not load the process plumbing.
 */
export const defaultMaxOutputBytes = 64 * 1024 * 1024;
