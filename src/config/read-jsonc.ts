/**
 * tsconfig files are JSON with comments and trailing commas. TypeScript 7 has no in-process
 * parser to lend us, so this strips both (outside strings) and hands the rest to JSON.parse.
 */

export function parseJsonc(text: string): unknown {
  return JSON.parse(stripTrailingCommas(stripComments(text.replace(/^\uFEFF/, ''))));
}

function stripComments(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const next = text[index + 1];
    if (char === '"') {
      const end = findStringEnd(text, index);
      out += text.slice(index, end);
      index = end - 1;
    } else if (char === '/' && next === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 1;
      out += ' ';
    } else {
      out += char;
    }
  }
  return out;
}

function stripTrailingCommas(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = findStringEnd(text, index);
      out += text.slice(index, end);
      index = end - 1;
    } else if (char === ',' && /^\s*[}\]]/.test(text.slice(index + 1))) {
      continue;
    } else {
      out += char;
    }
  }
  return out;
}

/** Index just past the closing quote of the string starting at `start`. */
function findStringEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return Math.min(index + 1, text.length);
}
