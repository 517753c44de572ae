/**
 * Output formats, by name. Each renderer turns a report into the text one kind of reader wants:
 * the agent payload, JSON for harnesses, SARIF for code scanning, workflow commands for GitHub
 * Actions. Adding a format is adding an entry here.
 */
import type { Report } from '../core/report/report.js';
import type { FormatName } from './format-names.js';
import { renderGithub } from './github.js';
import { renderJson } from './json.js';
import { renderSarif } from './sarif.js';
import type { FormatDetails } from './stated-findings.js';
import { renderText } from './text.js';
import type { TextRenderOptions } from './text.js';

export { formatNames, type FormatName } from './format-names.js';

export type RenderOptions = TextRenderOptions & FormatDetails;

export type Renderer = (report: Report, options: RenderOptions) => string;

export const renderers: Readonly<Record<FormatName, Renderer>> = {
  text: renderText,
  json: renderJson,
  sarif: renderSarif,
  github: renderGithub,
};

export { renderGithub, renderJson, renderSarif, renderText };
