/**
 * TypeScript 7's diagnostics as culprit diagnostics. The API gives UTF-16 offsets and a message
 * chain; we turn them into the 1-based positions and the flattened text `tsc` prints, so a
 * finding reads the same whichever TypeScript produced it.
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic, Phase } from '../../core/diagnostic.js';
import { makeLineMap, type LineColumn } from '../output/line-map.js';
import type { NativeDiagnostic, NativeProgram } from '../typescript/native-api.js';

export type LineMap = (offset: number) => LineColumn;

/** TypeScript's DiagnosticCategory.Error, the same number in every major version. */
const errorCategory = 1;

export function makeNativeDiagnostic(
  diagnostic: NativeDiagnostic,
  phase: Phase,
  toRepoPath: (path: string) => string,
  readLineMap: (fileName: string) => LineMap | undefined,
): Diagnostic {
  const made: Diagnostic = {
    tool: 'tsc',
    code: `TS${diagnostic.code}`,
    severity: diagnostic.category === errorCategory ? 'error' : 'warning',
    phase,
    path: diagnostic.fileName === undefined ? null : toRepoPath(diagnostic.fileName),
    line: 0,
    column: 0,
    message: flattenMessage(diagnostic, 0),
  };
  const toLineColumn = diagnostic.fileName === undefined ? undefined : readLineMap(diagnostic.fileName);
  if (toLineColumn === undefined) return made;
  const from = toLineColumn(diagnostic.pos);
  const to = toLineColumn(diagnostic.end);
  return { ...made, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** The same text as TypeScript's `flattenDiagnosticMessageText(…, '\n')`: each level of the chain indented two spaces. */
function flattenMessage(diagnostic: NativeDiagnostic, depth: number): string {
  const head = depth === 0 ? diagnostic.text : `\n${'  '.repeat(depth)}${diagnostic.text}`;
  return head + (diagnostic.messageChain ?? []).map((next) => flattenMessage(next, depth + 1)).join('');
}

/** Line maps of the text the positions count in: the program's copy of a source file, the disk for a tsconfig. */
export function makeLineMapReader() {
  const maps = new Map<string, LineMap | undefined>();
  return {
    read(fileName: string, program: NativeProgram): LineMap | undefined {
      if (!maps.has(fileName)) {
        const text = program.getSourceFile(fileName)?.text ?? readDiskText(fileName);
        maps.set(fileName, text === undefined ? undefined : makeLineMap(text));
      }
      return maps.get(fileName);
    },
  };
}

function readDiskText(fileName: string): string | undefined {
  try {
    return readFileSync(fileName, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}
