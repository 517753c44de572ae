/**
 * The suppression directives of Python files, as findings of kind `suppression` (core/diagnostic.ts):
 * each check reports those its tool obeys, in the files it checked. Pure: a file's text in,
 * directives out; comments are found by a scan that skips string literals, so a `# noqa` inside a
 * string is text, not a directive.
 *
 * - mypy: `# type: ignore[codes]` (the line; at the top of a module, before any code, the whole
 *   file), `# mypy: ignore-errors` and `# mypy: disable-error-code="…"` (the file);
 * - pyright: `# type: ignore[…]` as mypy, `# pyright: ignore[rules]` (the line), and the file
 *   comments that switch rules off or lower the mode (`# pyright: reportX=false`, `# pyright: basic`);
 * - ruff: `# noqa` / `# noqa: E501` (the line), `# ruff: noqa[: codes]` and `# flake8: noqa[: codes]` (the file).
 *
 * A directive's `message` is the directive with the codes it names as written; what follows it in
 * the comment is its reason, so rewording the reason is not a new directive.
 */
import type { Diagnostic, Phase } from '../../core/diagnostic.js';
import { skipString } from './imports.js';

export type PythonTool = 'mypy' | 'pyright' | 'ruff';

/** A comment: where its `#` is (1-based), its text after the `#`, and whether only code-free lines precede it. */
export interface PythonComment {
  line: number;
  column: number;
  text: string;
  beforeCode: boolean;
}

interface Directive {
  code: string;
  message: string;
  codes: string[];
  reason: string;
  wholeFile: boolean;
}

/** Every comment of a Python file, string literals skipped. */
export function readPythonComments(text: string): PythonComment[] {
  const comments: PythonComment[] = [];
  let line = 1;
  let lineStart = 0;
  let seenCode = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '#') {
      let end = index;
      while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
      comments.push({ line, column: index - lineStart + 1, text: text.slice(index + 1, end), beforeCode: !seenCode });
      index = end;
      continue;
    }
    if (char === '"' || char === "'") {
      const end = skipString(text, index);
      for (let at = index; at < end; at++) {
        if (text[at] === '\n' || (text[at] === '\r' && text[at + 1] !== '\n')) {
          line++;
          lineStart = at + 1;
        }
      }
      seenCode = true;
      index = Math.max(end, index + 1);
      continue;
    }
    if (char === '\n' || char === '\r') {
      index += text.startsWith('\r\n', index) ? 2 : 1;
      line++;
      lineStart = index;
      continue;
    }
    if (!/\s/.test(char) && char !== '\uFEFF') seenCode = true;
    index++;
  }
  return comments;
}

/** The directives `tool` obeys in one file, as findings. */
export function scanPythonSuppressions(tool: PythonTool, path: string, text: string): Diagnostic[] {
  const phase: Phase = tool === 'ruff' ? 'lint' : 'semantic';
  const found: Diagnostic[] = [];
  for (const comment of readPythonComments(text)) {
    for (const directive of readDirectives(tool, comment)) {
      found.push({
        tool,
        code: directive.code,
        severity: 'error',
        phase,
        path,
        line: comment.line,
        column: comment.column,
        message: directive.message,
        kind: 'suppression',
        suppression: {
          codes: directive.codes,
          reason: directive.reason,
          from: directive.wholeFile ? 1 : comment.line,
          to: directive.wholeFile ? 0 : comment.line,
        },
      });
    }
  }
  return found;
}

/** A comment may chain several (`# noqa: E501  # type: ignore[misc]`): each `#`-separated part is looked at. */
function readDirectives(tool: PythonTool, comment: PythonComment): Directive[] {
  const parts = comment.text.split('#');
  const directives: Directive[] = [];
  parts.forEach((part, index) => {
    const rest = parts.slice(index + 1).join('#');
    const directive = readDirective(tool, part, comment, rest);
    if (directive !== null) directives.push(directive);
  });
  return directives;
}

const typeIgnore = /^\s*type:\s*ignore(?:\[([^\]]*)\])?(?![\w-])/;
const pyrightIgnore = /^\s*pyright:\s*ignore(?:\[([^\]]*)\])?(?![\w-])/;
const pyrightFile =
  /^\s*pyright:\s*(basic|standard|off|((?:report\w+\s*=\s*(?:false|"?none"?|"?information"?|"?warning"?)\s*,?\s*)+))\s*$/;
const noqa = /^\s*noqa(?::\s*([A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?(?![\w-])/i;
const fileNoqa = /^\s*(ruff|flake8)\s*:\s*noqa(?::\s*([A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?(?![\w-])/i;
const mypyFile = /^\s*mypy:\s*(ignore-errors|disable-error-code\s*=\s*"?([\w\s,-]*)"?)/;

function readDirective(tool: PythonTool, part: string, comment: PythonComment, rest: string): Directive | null {
  const make = (code: string, written: RegExpExecArray, codes: string[], wholeFile: boolean): Directive => ({
    code,
    message: written[0].trim(),
    codes,
    reason: [part.slice(written[0].length), rest]
      .join(' ')
      .replace(/^[\s:,-]+/, '')
      .replace(/\s+/g, ' ')
      .trim(),
    wholeFile,
  });
  if (tool === 'mypy' || tool === 'pyright') {
    const ignore = typeIgnore.exec(part);
    if (ignore !== null) return make('type: ignore', ignore, splitCodes(ignore[1]), comment.beforeCode);
  }
  if (tool === 'pyright') {
    const ignore = pyrightIgnore.exec(part);
    if (ignore !== null) return make('pyright: ignore', ignore, splitCodes(ignore[1]), false);
    const file = pyrightFile.exec(part);
    if (file !== null) {
      const rules = [...(file[2] ?? '').matchAll(/report\w+/g)].map((match) => match[0]);
      return { code: 'pyright:', message: `pyright: ${file[1]!.trim()}`, codes: rules, reason: '', wholeFile: true };
    }
  }
  if (tool === 'mypy') {
    const file = mypyFile.exec(part);
    if (file !== null) return make(`mypy: ${file[1]!.split('=')[0]!.trim()}`, file, splitCodes(file[2]), true);
  }
  if (tool === 'ruff') {
    const file = fileNoqa.exec(part);
    if (file !== null) return make(`${file[1]!.toLowerCase()}: noqa`, file, splitCodes(file[2]), true);
    const line = noqa.exec(part);
    if (line !== null) return make('noqa', line, splitCodes(line[1]), false);
  }
  return null;
}

function splitCodes(list: string | undefined): string[] {
  return (list ?? '')
    .split(/[\s,]+/)
    .map((code) => code.trim())
    .filter((code) => code !== '');
}
