/**
 * tsconfig files are JSON with comments and trailing commas. TypeScript 7 has no in-process
 * parser to lend us, so we use jsonc-parser, the scanner VS Code reads tsconfig files with. It
 * recovers from errors and returns what it could read; we want all or nothing (a broken file's
 * references are left to TypeScript to report), so any error throws. It reports a byte order
 * mark as an error, and TypeScript accepts one, so that is removed first.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text.replace(/^\uFEFF/, ''), errors, { allowTrailingComma: true });
  const [first] = errors;
  if (first !== undefined) throw new SyntaxError(`${printParseErrorCode(first.error)} at offset ${first.offset}`);
  return value;
}
