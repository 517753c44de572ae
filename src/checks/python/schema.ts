/** The config field the Python checks (pyright, mypy, ruff) share: where their module graph starts. */
import { z } from 'zod';

export const sourceRoots = z
  .array(z.string().min(1))
  .min(1)
  .describe(
    'Folders, relative to the root, where top-level Python modules live; absolute imports are resolved from them in order to build the module graph (default [".", "src"]).',
  );
