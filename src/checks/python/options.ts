/** The options the Python checks (pyright, mypy, ruff) share: where culprit's import walk starts. */

export interface PythonGraphOptions {
  /**
   * Folders, relative to the root, where top-level Python modules live, tried in order when an
   * absolute import is resolved (`.` and `src` by default). The importing file's own folder is
   * tried last, as Python does for scripts.
   */
  sourceRoots: string[];
}

export const defaultSourceRoots: readonly string[] = ['.', 'src'];
