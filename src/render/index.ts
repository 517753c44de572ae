/**
 * Output formats, by name. Each renderer turns a report into the text one kind of reader wants;
 * adding a format (sarif, github annotations) is adding an entry here.
 */
import type { Report } from '../report.js';
import { renderJson } from './json.js';
import { renderText } from './text.js';
import type { TextRenderOptions } from './text.js';

export type RenderOptions = TextRenderOptions;

export type Renderer = (report: Report, options: RenderOptions) => string;

export type FormatName = 'text' | 'json';

export const renderers: Readonly<Record<FormatName, Renderer>> = {
  text: renderText,
  json: renderJson,
};

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(renderers, name);
}

export { renderJson, renderText };
