/** The task words of every command: notices on stderr (render/task-words.ts). */
import { makeTaskWords } from '../render/task-words.js';

export const taskWords = makeTaskWords((text) => process.stderr.write(text));
