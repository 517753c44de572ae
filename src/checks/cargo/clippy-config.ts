/** Whether a Rust repository configures clippy, which makes `cargo clippy` the default over `cargo check`. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from '../project-files.js';

/** clippy.toml, .clippy.toml, or a `[lints.clippy]` / `[workspace.lints.clippy]` table in the manifest. */
export function hasClippyConfig(root: string, manifestPath: string): boolean {
  if (existsSync(join(root, 'clippy.toml')) || existsSync(join(root, '.clippy.toml'))) return true;
  return /^\s*\[\s*(?:workspace\s*\.\s*)?lints\s*\.\s*clippy\s*\]/m.test(readText(join(root, manifestPath)));
}

