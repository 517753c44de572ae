/**
 * The defaults of the configuration beyond one check kind's options, in one place:
 * resolve-settings.ts writes them out. Each kind's option defaults are in its folder
 * (checks/<kind>/index.ts), so detection resolves a detected check exactly as if it had been
 * listed with no fields.
 */
export const defaults = {
  timeoutMs: 600_000,
  maxFiles: 2,
  outputLimit: 8000,
} as const;
