/**
 * The comments of JavaScript and TypeScript text, and the directives written in them
 * (`eslint-disable-next-line`, `oxlint-disable`, `biome-ignore`, …): what a check reports as its
 * suppressions when its tool does not list them. A lexer, not a parser: it steps over strings,
 * template literals (with the code in their `${}`) and regular expression literals, and tells a
 * regex from a division by the token before the slash, as tokenizers without a parser do (after
 * `)` of `if (…)`, `while (…)`, `for (…)`, and after `}` of a block, a slash starts a regex).
 * A slash it took for a regex that does not close on its line was a division after all, so a
 * wrong guess costs at most that line. JSX text is read as code: `//` there reads as a comment.
 * A slash right after `<` is taken for a JSX closing tag, never a regex.
 */
import { locateOffset, readLineStarts } from './line-map.js';

export interface SourceComment {
  kind: 'line' | 'block';
  /** What stands between `//` and the line's end, or between `/*` and `*` + `/` (to the end of the text when unclosed). */
  value: string;
  /** Offsets of its first character and just past its last, in UTF-16 code units. */
  start: number;
  end: number;
  /** 1-based line and UTF-16 column of its start, and the line and column just past its end. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** One tool's directives and how it writes them; ESLint's (below) are the model others follow. */
export interface DirectiveVocabulary {
  /** The directive names, such as `eslint-disable-next-line`; where several fit, the longest is the one. */
  names: readonly string[];
  /** The names that count in a `//` comment too; the others count only in a block comment. All when absent. */
  lineNames?: readonly string[];
  /** What separates the reason from the rest (ESLint: whitespace, two or more dashes, whitespace); the first match counts. */
  reason: RegExp;
  /** What separates the rules or codes it names (ESLint: commas). */
  codes: RegExp;
}

export interface CommentDirective {
  name: string;
  /** What follows the name, before the reason, trimmed: the rules as written (`prefer-const, no-var`). */
  value: string;
  /** The rules or codes it names, each trimmed and unquoted; empty when it names none. */
  codes: string[];
  /** The reason written with it, trimmed; '' when none. */
  reason: string;
  comment: SourceComment;
}

/** ESLint's directives as ESLint 8, 9 and 10 read them; oxlint reads the same with `oxlint-` beside `eslint-`. */
export const eslintDirectives: DirectiveVocabulary = {
  names: ['eslint-disable', 'eslint-enable', 'eslint-disable-line', 'eslint-disable-next-line', 'eslint'],
  lineNames: ['eslint-disable-line', 'eslint-disable-next-line'],
  reason: /\s-{2,}\s/,
  codes: /,/,
};

/** The directives of `vocabulary` in the comments of `text` (its comments, when the caller listed them already). */
export function findCommentDirectives(
  text: string,
  vocabulary: DirectiveVocabulary,
  comments: readonly SourceComment[] = listComments(text),
): CommentDirective[] {
  const names = [...vocabulary.names].sort((a, b) => b.length - a.length);
  const lineNames = vocabulary.lineNames === undefined ? undefined : new Set(vocabulary.lineNames);
  const found: CommentDirective[] = [];
  for (const comment of comments) {
    const separator = vocabulary.reason.exec(comment.value);
    const directive = (separator === null ? comment.value : comment.value.slice(0, separator.index)).trim();
    const name = names.find(
      (candidate) => directive.startsWith(candidate) && /^(?:\s|$)/.test(directive.slice(candidate.length)),
    );
    if (name === undefined) continue;
    if (comment.kind === 'line' && lineNames !== undefined && !lineNames.has(name)) continue;
    const value = directive.slice(name.length).trim();
    const reason = separator === null ? '' : comment.value.slice(separator.index + separator[0].length).trim();
    found.push({ name, value, codes: splitCodes(value, vocabulary.codes), reason, comment });
  }
  return found;
}

function splitCodes(value: string, separator: RegExp): string[] {
  return value
    .split(separator)
    .map((code) => code.trim().replace(/^(['"]?)(.*)\1$/s, '$2'))
    .filter((code) => code !== '');
}

/** Keywords after which a slash starts a regex (`return /x/`), unlike an identifier (`total / 2`). */
const regexAfterWords = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);
/** `if (…) /x/.test(y)`: the parenthesis of a statement, after which a slash starts a regex. */
const statementParenWords = new Set(['if', 'while', 'for', 'with']);
/**
 * Tokens after which `{` opens a block (whose `}` may be followed by a regex), not an object
 * literal; `id` stands for any identifier (`class A {`, `extends B {`).
 */
const blockAfter = new Set(['', ';', '{', '}', ')', '=>', ':', 'id', 'else', 'do', 'try', 'finally']);
/** The words that are tokens of their own here; any other word is an identifier. */
const keywords = new Set([...regexAfterWords, ...statementParenWords, 'try', 'finally']);

/** The scanner's state: where it is, what it has found, and what the tokens before it decide. */
interface ScanState {
  readonly text: string;
  readonly length: number;
  readonly starts: readonly number[];
  readonly comments: SourceComment[];
  /** Per open `{`: what closes it. */
  readonly braces: ('block' | 'object' | 'template')[];
  /** Per open `(`: whether it is a statement's (`if (`), after which a slash starts a regex. */
  readonly parens: boolean[];
  index: number;
  /** Whether a slash here starts a regex: an expression may start. */
  allowRegex: boolean;
  /** The last token, where it decides something: a keyword, an identifier (as `id`) or a punctuator. */
  previous: string;
  /** After `.` or `?.`: a keyword is a property name. */
  afterDot: boolean;
}

/** Every comment of `text` in order: `//` and block comments, never text inside a string, template or regex. */
export function listComments(text: string): SourceComment[] {
  const state: ScanState = {
    text,
    length: text.length,
    starts: readLineStarts(text),
    comments: [],
    braces: [],
    parens: [],
    index: text.startsWith('#!') ? skipToLineEnd(text, 2) : 0,
    allowRegex: true,
    previous: '',
    afterDot: false,
  };
  while (state.index < state.length) scanToken(state);
  return state.comments;
}

function addComment(state: ScanState, kind: SourceComment['kind'], start: number, end: number, value: string): void {
  const from = locateOffset(state.starts, start);
  const to = locateOffset(state.starts, end);
  state.comments.push({ kind, value, start, end, ...from, endLine: to.line, endColumn: to.column });
}

function setToken(state: ScanState, token: string, regexNext: boolean): void {
  state.previous = token;
  state.allowRegex = regexNext;
  state.afterDot = false;
}

/** Scans template text from `at` (just past a backtick or a `}` closing a `${`); returns where it stopped. */
function scanTemplate(state: ScanState, at: number): number {
  const { text, length } = state;
  let position = at;
  while (position < length) {
    const code = text.charCodeAt(position);
    if (code === 0x5c) position += 2;
    else if (code === 0x60) return position + 1;
    else if (code === 0x24 && text.charCodeAt(position + 1) === 0x7b) {
      state.braces.push('template');
      setToken(state, '${', true);
      return position + 2;
    } else position += 1;
  }
  return length;
}

/** One token, comment or run of whitespace from `state.index`. */
function scanToken(state: ScanState): void {
  const { text, length, index } = state;
  const code = text.charCodeAt(index);
  const next = text.charCodeAt(index + 1);
  if (isWhitespace(code)) {
    state.index += 1;
  } else if (code === 0x2f && next === 0x2f) {
    const end = skipToLineEnd(text, index + 2);
    addComment(state, 'line', index, end, text.slice(index + 2, end));
    state.index = end;
  } else if (code === 0x2f && next === 0x2a) {
    const close = text.indexOf('*/', index + 2);
    const end = close === -1 ? length : close + 2;
    addComment(state, 'block', index, end, text.slice(index + 2, close === -1 ? length : close));
    state.index = end;
  } else if (code === 0x27 || code === 0x22) {
    state.index = skipString(text, index);
    setToken(state, 'string', false);
  } else if (code === 0x60) {
    state.index = scanTemplate(state, index + 1);
    // Past a whole template, a value; inside `${`, scanTemplate set the token.
    if (text.charCodeAt(state.index - 1) === 0x60 || state.index >= length) setToken(state, 'string', false);
  } else if (code === 0x2f) {
    // `</` closes a JSX element; `a </x/` is no code anyone writes.
    const end = state.allowRegex && text.charCodeAt(index - 1) !== 0x3c ? skipRegex(text, index) : undefined;
    if (end === undefined) {
      state.index += next === 0x3d ? 2 : 1;
      setToken(state, '/', true);
    } else {
      state.index = end;
      setToken(state, 'regex', false);
    }
  } else if (isIdentifierStart(code)) {
    const end = skipIdentifier(text, index);
    const word = text.slice(index, end);
    state.index = end;
    if (state.afterDot || !keywords.has(word)) setToken(state, 'id', false);
    else setToken(state, word, regexAfterWords.has(word));
  } else if (isDigit(code) || (code === 0x2e && isDigit(next))) {
    state.index = skipNumber(text, index);
    setToken(state, 'number', false);
  } else scanPunctuator(state, code, next);
}

/** A bracket or an operator: what it opens or closes, and whether a slash after it starts a regex. */
function scanPunctuator(state: ScanState, code: number, next: number): void {
  const { text, length } = state;
  if (code === 0x28) {
    state.parens.push(statementParenWords.has(state.previous));
    state.index += 1;
    setToken(state, '(', true);
  } else if (code === 0x29) {
    const statement = state.parens.pop() ?? false;
    state.index += 1;
    setToken(state, ')', statement);
  } else if (code === 0x7b) {
    state.braces.push(blockAfter.has(state.previous) ? 'block' : 'object');
    state.index += 1;
    setToken(state, '{', true);
  } else if (code === 0x7d) {
    const closes = state.braces.pop() ?? 'block';
    state.index += 1;
    if (closes === 'template') {
      state.index = scanTemplate(state, state.index);
      if (text.charCodeAt(state.index - 1) === 0x60 || state.index >= length) setToken(state, 'string', false);
    } else setToken(state, '}', closes === 'block');
  } else if (code === 0x5d) {
    state.index += 1;
    setToken(state, ']', false);
  } else if ((code === 0x2b || code === 0x2d) && next === code) {
    // `a++ / 2`: after a postfix increment comes an operator, as after a value.
    state.index += 2;
    setToken(state, '++', false);
  } else if (code === 0x3d && next === 0x3e) {
    state.index += 2;
    setToken(state, '=>', true);
  } else if (code === 0x2e || (code === 0x3f && next === 0x2e && !isDigit(text.charCodeAt(state.index + 2)))) {
    state.index += code === 0x2e ? 1 : 2;
    setToken(state, '.', true);
    state.afterDot = true;
  } else {
    state.index += 1;
    setToken(state, String.fromCharCode(code), true);
  }
}

function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

function isWhitespace(code: number): boolean {
  if (code <= 0x20) return true;
  if (code < 0x80) return false;
  return code === 0x2028 || code === 0x2029 || /\s/.test(String.fromCharCode(code));
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isIdentifierStart(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x5f ||
    code === 0x24 ||
    code === 0x5c ||
    code === 0x23 ||
    code >= 0x80
  );
}

function skipToLineEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && !isLineBreak(text.charCodeAt(index))) index += 1;
  return index;
}

function skipIdentifier(text: string, from: number): number {
  let index = from + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isIdentifierStart(code) && code !== 0x23 && !isWhitespace(code)) index += code === 0x5c ? 2 : 1;
    else if (isDigit(code)) index += 1;
    else break;
  }
  return index;
}

/** Past a number: digits, letters (`0x1F`, `10n`, `1e3`), dots, `_`, and the sign of a decimal exponent. */
function skipNumber(text: string, from: number): number {
  const hex = /^0[xX]/.test(text.slice(from, from + 2));
  let index = from;
  while (index < text.length) {
    const char = text[index]!;
    const isExponentSign = (char === '+' || char === '-') && !hex && /[eE]/.test(text[index - 1]!);
    if (!/[\w.]/.test(char) && !isExponentSign) break;
    index += 1;
  }
  return index;
}

/** Past the string opened at `from`: its closing quote, or the line break an unclosed string stops at. */
function skipString(text: string, from: number): number {
  const quote = text.charCodeAt(from);
  let index = from + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) {
      index += text.charCodeAt(index + 1) === 0x0d && text.charCodeAt(index + 2) === 0x0a ? 3 : 2;
    } else if (code === quote) return index + 1;
    else if (code === 0x0a || code === 0x0d) return index;
    else index += 1;
  }
  return text.length;
}

/** Past the regex literal at `from` with its flags, or undefined when none closes on this line. */
function skipRegex(text: string, from: number): number | undefined {
  let index = from + 1;
  let inClass = false;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isLineBreak(code)) return undefined;
    if (code === 0x5c) {
      if (index + 1 >= text.length || isLineBreak(text.charCodeAt(index + 1))) return undefined;
      index += 2;
      continue;
    }
    if (inClass) {
      if (code === 0x5d) inClass = false;
    } else if (code === 0x5b) inClass = true;
    else if (code === 0x2f) {
      index += 1;
      while (index < text.length && /[\w$]/.test(text[index]!)) index += 1;
      return index;
    }
    index += 1;
  }
  return undefined;
}
