/**
 * Text output is read in terminals, and a file name or a message is the repository's (or a
 * tool's) to choose: an escape sequence in one could recolour, move the cursor, rewrite the
 * title or hide lines. Control characters are shown instead, as `\u001b`, the way a JSON string
 * escapes them (JSON, SARIF and GitHub output are escaped by their own formats).
 */

// eslint-disable-next-line no-control-regex -- matching control characters is this module's purpose
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- as above, with tab and newline
const lineControls = /[\u0000-\u001f\u007f-\u009f]/g;

function escapeCharacter(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Every control character but tab and newline, which text output is laid out with. */
export function escapeControls(text: string): string {
  return text.replace(controls, escapeCharacter);
}

/** Every control character, tab and newline too: for a value that must stay on its line (a path). */
export function escapeLine(text: string): string {
  return text.replace(lineControls, escapeCharacter);
}
