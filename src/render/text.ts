/**
 * The agent payload: what the agent should act on, and an honest account of everything it is
 * not shown and why, so that an empty list is never mistaken for a finished build. Bounded by
 * `outputLimit` because it lands in a context window.
 */
import type { CheckStatus } from '../core/check-run.js';
import type { Report, ShownFinding } from '../core/report/report.js';
import { formatSite, makeEchoKey } from '../core/triage/echo-groups.js';
import type { EchoGroup } from '../core/triage/echo-groups.js';
import { describeCampaignIntroduced, describeTargets } from './debt.js';
import { countOf } from './wording.js';
import { describeNotes, wordCheck } from './report-notes.js';
import { describeChange } from './change.js';
import { describeCheckingFinding, describeSilencedCount } from './checking.js';
import { escapeControls, escapeLine } from './escape-controls.js';

export interface TextRenderOptions {
  /** The most characters (UTF-16 code units) the payload may have, newlines included. */
  outputLimit: number;
  /** The checked tree's lines of a file, for code excerpts; undefined when unreadable. */
  sourceLines: (path: string) => readonly string[] | undefined;
}

/** Source lines longer than this are clipped in excerpts: one minified line must not eat the budget. */
const excerptWidth = 200;
/** How many root files the first line names before summarising the rest. */
const namedFiles = 3;
/** How many withheld files a group's pending sites name: the agent should know where the cause leads. */
const namedPendingFiles = 6;
/** Site lists wrap before this many characters. */
const siteLineWidth = 100;

/**
 * One finding or one echo group, as the payload shows it. When the payload is over the limit the
 * excerpt goes first, then sites from the end of a group's list; the head always stays.
 */
interface Block {
  /** How many shown findings the block stands for. */
  findings: number;
  /** `path:line:col severity code message` of the (first) finding. */
  header: string;
  excerpt: string[];
  /** What an echo group's message names, and where it is declared. */
  notes: string[];
  /** An echo group's sites, `path:line:col`; empty for a single finding. */
  sites: string[];
  /** The group's "Same error at N sites in M files:" (or a member cause's "Its N sites …:") lead. */
  lead: string;
  /** Sites the report itself did not list. */
  unlisted: number;
  /** How many more sites of the group wait in withheld files. */
  pending: string[];
  /**
   * A traced cause: the header states the change, `first` is its first site's header (kept
   * with the excerpt), and over the limit the sites fold into files with their first sites.
   */
  first?: string;
  /** The sites a traced cause reaches through other declarations, listed (or counted by file) after its own. */
  reached?: NonNullable<EchoGroup['reached']>;
}

interface BlockShape {
  excerpt: boolean;
  /** How many of the block's sites to list. */
  sites: number;
  /** For a traced cause over the limit: each file with its count and this many first sites (0: the count only). */
  perFile?: number;
  /** With `perFile` 0: how many files to name with their counts; the rest is counted in one line. */
  files?: number;
  /** A traced cause's reached sites listed (`path:line:col`), rather than counted by file. */
  reachedListed?: boolean;
}

/** A traced cause over the limit lists at most this many first sites per file. */
const firstSitesPerFile = 3;

/**
 * The most one cause takes of the payload: every site listed, or folded into files with their
 * counts, within it. An agent reads one cause as one instruction; thousands of sites listed would
 * crowd out every other cause (`culprit check --json` lists them all).
 */
export const maxCauseLength = 2500;

/** How many characters a report's text payload has: what the ledger counts the agent reads. */
export function countTextPayload(report: Report, options: TextRenderOptions): number {
  return renderText(report, options).length;
}

export function renderText(report: Report, options: TextRenderOptions): string {
  const head = renderHead(report).join('\n');
  const blocks = makeBlocks(report, options.sourceLines);
  const instructions = report.roots
    .filter((root) => root.selected && root.instruction !== undefined)
    .map((root) => root.instruction!);
  const tail = instructions.map((instruction) => `\n\n${instruction}`).join('');

  const full = escapeControls(
    `${head}${blocks.map((block) => fitBlock(block, Number.MAX_SAFE_INTEGER)?.text ?? '').join('')}${tail}\n`,
  );
  if (full.length <= options.outputLimit) return full;
  return escapeControls(fitText(head, blocks, tail, options.outputLimit));
}

/**
 * A block per shown finding, except that an echo group is one block at its first site. Where a
 * symbol is declared is said once, at the first group naming it: blocks are cut from the end.
 */
function makeBlocks(report: Report, sourceLines: TextRenderOptions['sourceLines']): Block[] {
  const groupOf = indexGroups(report);
  const blocks: Block[] = [];
  const done = new Set<EchoGroup>();
  const declared = new Set<string>();
  for (const finding of report.shown) {
    const group = finding.path === null ? undefined : groupOf(finding);
    if (group !== undefined && done.has(group)) continue;
    if (group !== undefined) done.add(group);
    if (finding.kind !== undefined) {
      blocks.push(makeCheckingBlock(finding, group, sourceLines));
      continue;
    }
    const excerpt = finding.path === null ? [] : renderExcerpt(sourceLines(finding.path) ?? [], finding.line);
    const block: Block = {
      findings: 1,
      header: renderHeader(finding),
      excerpt,
      notes: [],
      sites: [],
      lead: '',
      unlisted: 0,
      pending: [],
    };
    if (group === undefined) {
      blocks.push(block);
      continue;
    }
    if (group.cause?.change !== undefined) {
      blocks.push(makeCauseBlock(group, block));
      continue;
    }
    blocks.push({
      ...block,
      findings: group.sites,
      notes: group.cause === undefined ? renderDeclared(group, declared) : [renderCause(group)],
      sites: group.sites > 1 ? group.listed.map(escapeLine) : [],
      lead: group.sites > 1 ? renderLead(group, finding) : '',
      unlisted: group.sites - group.listed.length,
      pending: renderPending(group),
    });
  }
  return blocks;
}

/**
 * A finding about how the code is checked: what the edit did to the check, the directive's line
 * for a suppression, and for files no longer checked, every file (one group per check and why).
 */
function makeCheckingBlock(
  finding: ShownFinding,
  group: EchoGroup | undefined,
  sourceLines: TextRenderOptions['sourceLines'],
): Block {
  const files = group?.sites ?? 1;
  const where = finding.path === null ? '(no file)' : escapeLine(finding.line > 0 ? formatSite(finding) : finding.path);
  const grouped = group !== undefined && files > 1;
  return {
    findings: files,
    header: `${grouped ? '' : `${where} `}${finding.severity} ${finding.code}: ${describeCheckingFinding(finding, files)}`,
    excerpt:
      finding.path === null || finding.line === 0 ? [] : renderExcerpt(sourceLines(finding.path) ?? [], finding.line),
    notes: [],
    sites: grouped ? group.listed.map((site) => escapeLine(splitSite(site).path)) : [],
    lead: '',
    unlisted: grouped ? group.sites - group.listed.length : 0,
    pending: [],
  };
}

/**
 * A traced cause's block: the change, what to do about it, then its first site and every site by
 * file. Every site is listed: each one fails until it or the declaration changes.
 */
function makeCauseBlock(group: EchoGroup, first: Block): Block {
  const change = group.cause!.change!;
  const codes = group.codes.length > 1 ? ` (${group.codes.join(', ')})` : '';
  const reached = new Set(group.reached?.listed ?? []);
  const own = group.listed.filter((site) => !reached.has(site));
  return {
    ...first,
    findings: group.sites,
    header: `${escapeLine(change.path)}:${change.line} One cause: your edit ${describeChange(change)}. Keep the change and update ${group.sites === 1 ? 'the site that depends on it' : `the ${group.sites} sites that depend on it`}, or revert it.`,
    first: first.header,
    notes: [],
    sites: (reached.size === 0 ? group.listed : own).map(escapeLine),
    lead:
      reached.size === 0
        ? `${group.sites === 1 ? 'Its site' : `Its ${group.sites} sites`} in ${countOf(group.files, 'file')}${codes}:`
        : `${own.length} of them in ${countOf(countFiles(own), 'file')} ${own.length === 1 ? 'depends' : 'depend'} on it directly${codes}:`,
    unlisted: group.sites - group.listed.length,
    pending: [],
    reached: group.reached,
  };
}

function countFiles(sites: readonly string[]): number {
  return new Set(sites.map((site) => splitSite(site).path)).size;
}

/**
 * Finds a shown finding's group: by fingerprint, or, for a report read back from JSON (no
 * member lists), by its site among the group's listed sites, then by the plain echo key (a
 * site the group did not list).
 */
function indexGroups(report: Report): (finding: ShownFinding) => EchoGroup | undefined {
  const byFingerprint = new Map<string, EchoGroup>();
  const bySite = new Map<string, EchoGroup>();
  const byKey = new Map<string, EchoGroup>();
  for (const group of report.groups) {
    if (group.members !== undefined) {
      for (const fingerprint of group.members) byFingerprint.set(fingerprint, group);
      continue;
    }
    for (const site of group.listed) bySite.set(`${group.tool}\0${site}`, group);
    byKey.set(makeEchoKey(group), group);
  }
  return (finding) =>
    byFingerprint.get(finding.fingerprint) ??
    bySite.get(`${finding.tool}\0${formatSite(finding)}`) ??
    byKey.get(makeEchoKey(finding));
}

/** "Same error at 3 sites in 1 file:", or for a member cause "Its 9 sites in 2 files (TS2339, TS2353):". */
function renderLead(group: EchoGroup, first: ShownFinding): string {
  const where = `${group.sites} sites in ${countOf(group.files, 'file')}`;
  if (group.cause !== undefined) return `Its ${where}${group.codes.length > 1 ? ` (${group.codes.join(', ')})` : ''}:`;
  // A group's message is its first site's unless the sites' messages differ in their numbers.
  return `${group.message === first.message ? 'Same' : 'Similar'} ${group.severity} at ${where}:`;
}

/** The cause once: the member, the type, where that type is declared, and that the edit changed it. */
function renderCause(group: EchoGroup): string {
  const { symbol, member } = group.cause!;
  const where =
    group.declared === undefined
      ? ''
      : `, declared in ${escapeLine(group.declared.path)}:${group.declared.line}, a file your edit changed`;
  return `One cause: the member '${member}' of '${symbol}'${where}.`;
}

/** How far the group reaches beyond what is shown: counted and named, never listed. */
function renderPending(group: EchoGroup): string[] {
  if (group.pending === undefined) return [];
  const { sites, files } = group.pending;
  const what = group.cause === undefined ? 'error' : 'cause';
  return [
    `The same ${what} at ${countOf(sites, 'more site')} in ${countOf(files.length, 'withheld file')} (${renderFileList(files, namedPendingFiles)}): re-checked after this fix.`,
  ];
}

/** Where the symbol the group's message names is declared, unless an earlier group said so already. */
function renderDeclared(group: EchoGroup, said: Set<string>): string[] {
  if (group.declared === undefined) return [];
  const { name, path, line } = group.declared;
  const note = `'${name}' is declared in ${escapeLine(path)}:${line}, a file your edit changed.`;
  if (said.has(note)) return [];
  said.add(note);
  return [note];
}

/** The block as it is appended to the payload, starting with the blank line that separates it. */
function renderBlock(block: Block, shape: BlockShape): string {
  const lines = [block.header];
  if (block.first !== undefined) lines.push(block.first);
  lines.push(...(shape.excerpt ? block.excerpt : []), ...block.notes);
  if (shape.perFile !== undefined) lines.push(...renderSitesPerFile(block, shape.perFile, shape.files));
  else if (block.sites.length > 0) lines.push(...renderSites(block, shape.sites));
  if (block.reached !== undefined)
    lines.push(
      ...(shape.reachedListed === true
        ? renderReachedSites(block.reached)
        : renderReached(block.reached, shape.perFile === 0 ? shape.files : undefined)),
    );
  lines.push(...block.pending);
  return `\n\n${lines.join('\n')}`;
}

/** How the sites a cause reaches through other declarations are introduced: how many, where, through what. */
function describeReached(reached: NonNullable<EchoGroup['reached']>): string {
  const through = reached.through.slice(0, 3).map((ref) => `\`${ref.name}\` (${escapeLine(ref.path)})`);
  const how = through.length === 0 ? 'through types the trace did not follow' : `through ${through.join(', ')}`;
  return `and ${reached.sites} in ${countOf(reached.files.length, 'file')} it reaches ${how}, which may clear once those are fixed`;
}

/** The sites a cause reaches through other declarations, by file with their positions. */
function renderReachedSites(reached: NonNullable<EchoGroup['reached']>): string[] {
  return renderSites(
    {
      ...emptyBlock,
      sites: reached.listed.map(escapeLine),
      lead: `${capitalise(describeReached(reached))}:`,
      unlisted: 0,
    },
    reached.listed.length,
  );
}

/**
 * The sites a cause reaches through other declarations, counted by file (a function whose
 * inferred type carries the change, a conditional type that now gives `never`); with `files`,
 * only that many files are named and the rest counted together.
 */
function renderReached(reached: NonNullable<EchoGroup['reached']>, files?: number): string[] {
  const counts = reached.files.map((file, index): [string, number] => [file, reached.counts[index] ?? 0]);
  const named = counts.slice(0, files ?? counts.length);
  const rest = counts.slice(named.length);
  const entries = named.map(([path, count]) => `${escapeLine(path)} (${count})`);
  if (rest.length > 0)
    entries.push(
      `and ${countOf(
        rest.reduce((sum, [, count]) => sum + count, 0),
        'more',
      )} in ${countOf(rest.length, 'more file')}`,
    );
  return [`${capitalise(describeReached(reached))}:`, ...wrapList(' ', entries)];
}

const emptyBlock: Block = {
  findings: 0,
  header: '',
  excerpt: [],
  notes: [],
  sites: [],
  lead: '',
  unlisted: 0,
  pending: [],
};

/**
 * A traced cause folded to fit: each file with its count and its first `perFile` sites; with
 * `files`, only that many files are named and the rest are counted together.
 */
function renderSitesPerFile(block: Block, perFile: number, files?: number): string[] {
  const byFile = new Map<string, string[]>();
  for (const site of block.sites) {
    const { path, place } = splitSite(site);
    const places = byFile.get(path);
    if (places === undefined) byFile.set(path, [place]);
    else places.push(place);
  }
  const lines = [block.lead];
  const entries = [...byFile];
  const named = files === undefined ? entries : entries.slice(0, files);
  for (const [path, places] of named) {
    const listed = places.slice(0, perFile);
    const rest = places.length - listed.length;
    const count = `(${countOf(places.length, 'site')})`;
    const tail = listed.length === 0 ? '' : ` ${listed.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
    lines.push(`  ${path} ${count}${tail}`);
  }
  const rest = entries.slice(named.length);
  if (rest.length > 0)
    lines.push(
      `  and ${countOf(
        rest.reduce((sum, [, places]) => sum + places.length, 0),
        'more site',
      )} in ${countOf(rest.length, 'more file')}.`,
    );
  lines.push('  `culprit check --json` lists every site (each is in `shown`).');
  return lines;
}

/**
 * The lead, then the first `count` sites grouped by file (`  path:line:col, line:col`),
 * wrapped, ending with how many were not listed. Sites the report did not list get a pointer to
 * the JSON; sites cut for the output limit are counted in the footer, which has one.
 */
function renderSites(block: Block, count: number): string[] {
  const more = block.sites.length - count + block.unlisted;
  const byFile: string[][] = [];
  let path: string | undefined;
  for (const site of block.sites.slice(0, count)) {
    const split = splitSite(site);
    if (split.path === path) byFile.at(-1)!.push(split.place);
    else byFile.push([site]);
    path = split.path;
  }
  const lines = [block.lead];
  for (const [first, ...rest] of byFile) lines.push(...wrapList(`  ${first!}`, rest, true));
  if (more > 0)
    lines.push(
      block.unlisted > 0
        ? `  and ${more} more (\`culprit check --json\` lists every site under shown).`
        : `  and ${more} more.`,
    );
  return lines;
}

/** `src/a.ts:4:15` → `src/a.ts` and `4:15`. */
function splitSite(site: string): { path: string; place: string } {
  const match = /^(.*):(\d+:\d+)$/.exec(site);
  return match === null ? { path: site, place: '' } : { path: match[1]!, place: match[2]! };
}

/**
 * `lead, a, b, c` (or `lead a, b, c` without `leadComma`) wrapped before `siteLineWidth`,
 * continuation lines indented under the lead.
 */
function wrapList(lead: string, entries: readonly string[], leadComma = false): string[] {
  const lines: string[] = [];
  let line = leadComma && entries.length > 0 ? `${lead},` : lead;
  entries.forEach((entry, index) => {
    const text = index < entries.length - 1 ? `${entry},` : entry;
    if (index > 0 && line.length + 1 + text.length > siteLineWidth) {
      lines.push(line);
      line = `    ${text}`;
    } else {
      line = `${line} ${text}`;
    }
  });
  lines.push(line);
  return lines;
}

/**
 * Keeps the head and the instructions (the loop must always reach those), then as many blocks as
 * fit in order, dropping a block's excerpt before dropping the block and, for an echo group,
 * listing fewer sites before dropping the group; ends with a line saying what was cut. The
 * footer's room is reserved for the longest footer it could need.
 */
function fitText(head: string, blocks: readonly Block[], tail: string, limit: number): string {
  const total = blocks.reduce((sum, block) => sum + block.findings, 0);
  const footerRoom = Math.max(renderCutFooter(total, 0).length, renderCutFooter(0, blocks.length).length);
  let budget = limit - head.length - tail.length - footerRoom - 1;
  if (budget < 0 || total === 0) {
    // Not even the head and the instructions fit: clip them, but still say that --json has it all.
    const footer =
      total > 0
        ? renderCutFooter(total, 0)
        : '\n\n… cut to stay within the output limit; `culprit check --json` has the full report.';
    const clipped = clipText(`${head}${tail}`, limit - footer.length - 1);
    return clipText(clipped === '' ? `${footer.trimStart()}\n` : `${clipped}${footer}\n`, limit);
  }
  let body = '';
  let kept = 0;
  let bare = 0;
  for (const block of blocks) {
    const piece = fitBlock(block, budget);
    if (piece === undefined) break;
    body += piece.text;
    budget -= piece.text.length;
    // A folded cause still stands for all its sites: each file is named with its count.
    kept += piece.perFile === undefined ? block.findings - (block.sites.length - piece.sites) : block.findings;
    if (!piece.excerpt && block.excerpt.length > 0) bare += 1;
  }
  return `${head}${body}${tail}${renderCutFooter(total - kept, bare)}\n`;
}

/**
 * The fullest shape of the block within `budget` characters (a traced cause within
 * `maxCauseLength` too), or undefined when not even its head and one site fit.
 */
function fitBlock(block: Block, budget: number): ({ text: string } & BlockShape) | undefined {
  // A traced cause is never cut in the middle: its sites fold into files, every file named,
  // and past that into the first files with their counts and the rest counted together.
  const files = Math.max(countFiles(block.sites), block.reached?.files.length ?? 0);
  const listed = block.reached !== undefined;
  const folded: BlockShape[] =
    block.first === undefined
      ? []
      : [
          ...Array.from({ length: firstSitesPerFile + 1 }, (_, index) => ({
            excerpt: false,
            sites: block.sites.length,
            perFile: firstSitesPerFile - index,
          })),
          ...Array.from({ length: files }, (_, index) => ({
            excerpt: false,
            sites: block.sites.length,
            perFile: 0,
            files: files - 1 - index,
          })),
        ];
  if (block.first !== undefined) budget = Math.min(budget, maxCauseLength);
  const shapes: BlockShape[] =
    block.first !== undefined
      ? [
          { excerpt: true, sites: block.sites.length, reachedListed: listed },
          { excerpt: false, sites: block.sites.length, reachedListed: listed },
          { excerpt: false, sites: block.sites.length },
          ...folded,
        ]
      : [
          { excerpt: true, sites: block.sites.length },
          { excerpt: false, sites: block.sites.length },
          ...Array.from({ length: Math.max(0, block.sites.length - 1) }, (_, index) => ({
            excerpt: false,
            sites: block.sites.length - 1 - index,
          })),
        ];
  for (const shape of shapes) {
    const text = renderBlock(block, shape);
    if (text.length <= budget) return { text, ...shape };
  }
  return undefined;
}

function renderCutFooter(cut: number, bare: number): string {
  const where = 'to stay within the output limit; `culprit check --json` has all of them.';
  if (cut > 0) return `\n\n… ${countOf(cut, 'more finding')} cut ${where}`;
  if (bare > 0) return `\n\n… code excerpts of ${countOf(bare, 'finding')} cut ${where}`;
  return '';
}

/** Cuts text to at most `max` code units without splitting a surrogate pair, marking the cut. */
function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - 1;
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
  return `${text.slice(0, end)}…`;
}

function renderHead(report: Report): string[] {
  const lines: string[] = [];
  const status = renderStatusLine(report);
  const summary = renderSummary(report);
  if (status === undefined) lines.push(`culprit: ${summary}`);
  else lines.push(`culprit: ${status}`, capitalise(summary));
  if (report.widened) {
    lines.push(
      `The frontier widened to ${countOf(report.width, 'root unit')} per attempt: nothing the last attempt showed was fixed, so more root causes are shown at once.`,
    );
  }
  if (report.counts.silenced > 0) lines.push(describeSilencedCount(report.counts.silenced));
  if (report.resolved.lineDeleted > 0) {
    lines.push(
      `${countOf(report.resolved.lineDeleted, 'resolved finding')} went away together with the line it flagged: make sure that code was meant to be deleted, not deleted to silence the check.`,
    );
  }
  for (const note of describeNotes(report.notes)) lines.push(`note: ${note}`);
  return lines;
}

/** The verdicts that override the summary: a broken check, or a loop that stopped converging. */
function renderStatusLine(report: Report): string | undefined {
  if (report.verdict === 'check-failed') {
    const failed = report.checks.filter((check) => check.status !== 'ok').map(wordCheck);
    const what =
      failed.length === 0
        ? 'no check ran'
        : failed
            .map(
              (check) =>
                `${check.name} ${describeStatus(check.status)}${check.error === undefined ? '' : ` (${check.error})`}`,
            )
            .join('; ');
    return `this is NOT a clean result: ${what}. Fix that and run culprit check again; until then nothing below is complete.`;
  }
  if (report.verdict === 'stuck') {
    const same = report.counts.introduced + (report.targets?.remaining ?? 0);
    return `stuck: the same ${countOf(same, 'finding')} came back unchanged from the previous attempt. Stop retrying and hand over to a human with the findings below.`;
  }
  return undefined;
}

function describeStatus(status: CheckStatus): string {
  switch (status) {
    case 'ok':
      return 'ran';
    case 'failed':
      return 'failed';
    case 'timed-out':
      return 'timed out';
    case 'missing':
      return 'is missing';
    case 'deferred':
      return 'was deferred';
  }
}

/** What is shown, what is withheld and why, and what predates the task. */
function renderSummary(report: Report): string {
  if (report.targets !== undefined) return renderDebtSummary(report, report.targets);
  const sentences: string[] = [];
  const { introduced, standing } = report.counts;
  if (introduced === 0) {
    const ran = report.checks.filter((check) => check.status === 'ok').map((check) => check.name);
    const source =
      report.verdict === 'check-failed'
        ? ran.length === 0
          ? 'nothing could be compared'
          : `no new findings from ${ran.join(', ')}`
        : 'no new findings';
    sentences.push(`${source}; ${report.resolved.count} resolved.`);
  } else {
    sentences.push(`your edit introduced ${countOf(introduced, 'finding')}; showing ${renderShown(report)}.`);
    sentences.push(...renderWithheld(report));
  }
  if (standing > 0)
    sentences.push(
      `${countOf(standing, 'finding')} ${standing === 1 ? 'predates' : 'predate'} this task and ${standing === 1 ? 'is' : 'are'} not shown.`,
    );
  return sentences.join(' ');
}

/** A debt campaign's summary: its targets are the task, so they are what is shown, with anything it broke. */
function renderDebtSummary(report: Report, targets: NonNullable<Report['targets']>): string {
  const sentences = [describeTargets(targets, report.attempt)];
  if (report.counts.introduced > 0) sentences.push(describeCampaignIntroduced(report.counts.introduced));
  if (report.shown.length > 0) sentences.push(`Showing ${renderShown(report)}.`, ...renderWithheld(report));
  const { standing } = report.counts;
  if (standing > 0)
    sentences.push(
      `${countOf(standing, 'other standing finding')} ${isAre(standing)} not this campaign's and ${isAre(standing)} not shown.`,
    );
  return sentences.join(' ');
}

function renderShown(report: Report): string {
  const checking = report.shown.filter((finding) => finding.kind !== undefined).length;
  const loose = report.shown.filter((finding) => finding.path === null && finding.kind === undefined).length;
  const causes = report.groups.filter((group) => group.cause?.change !== undefined);
  const traced = new Set(causes.flatMap((group) => group.members ?? []));
  const tracedSites = causes.reduce((sum, group) => sum + group.sites, 0);
  const tracedFiles = new Set(causes.flatMap((group) => group.listed.map((site) => splitSite(site).path))).size;
  const untracedPaths = new Set(
    report.shown.flatMap((finding) =>
      finding.path === null || finding.kind !== undefined || traced.has(finding.fingerprint) ? [] : [finding.path],
    ),
  );
  const inFiles = report.shown.length - checking - loose - tracedSites;
  const rootFiles = report.roots
    .filter((root) => root.selected && root.editable)
    .flatMap((root) => root.ring?.files ?? root.files)
    .filter((file) => untracedPaths.has(file));
  const parts: string[] = [];
  if (checking > 0) parts.push(`${checking} about how the code is checked`);
  if (tracedSites > 0) {
    const changed = [...new Set(causes.map((group) => group.cause!.change!.path))];
    parts.push(
      `${tracedSites} in ${countOf(tracedFiles, 'file')}, every site of the ${causes.length === 1 ? 'declaration' : `${causes.length} declarations`} your edit changed in ${renderFileList(changed)}`,
    );
  }
  if (inFiles > 0) parts.push(`${inFiles} in ${countOf(rootFiles.length, 'root file')} (${renderFileList(rootFiles)})`);
  if (loose > 0) parts.push(`${loose} not tied to a file`);
  if (parts.length === 0) return 'none of them';
  return parts.length === 1 ? parts[0]! : `${report.shown.length}: ${parts.join(parts.length === 2 ? ' and ' : '; ')}`;
}

/** For each import cycle shown in part: which of its files are shown, and why those. */
function renderRings(report: Report): string[] {
  return report.roots.flatMap((root) => {
    if (root.ring === undefined) return [];
    const { distance, files, joined = 0 } = root.ring;
    const near = files.length - joined;
    const shown = near === 1 ? 'the 1 shown' : `the ${near} shown`;
    const why =
      distance === null
        ? `${near === 1 ? 'has' : 'have'} the most findings`
        : distance === 0
          ? `${near === 1 ? 'is a file' : 'are files'} you changed`
          : `${near === 1 ? 'is' : 'are'} the nearest to your change (${countOf(distance, 'import')} away)`;
    const also =
      joined === 0 ? '' : `, and ${joined} more shown ${joined === 1 ? 'fails' : 'fail'} only on the same cause`;
    return [`${root.files.length} failing files form one import cycle; ${shown} ${why}${also}.`];
  });
}

function renderWithheld(report: Report): string[] {
  const { downstream, queued, nonEditable, belowRung, echoes } = report.withheld.reasons;
  const selectedFiles = report.roots
    .filter((root) => root.selected)
    .flatMap((root) => root.ring?.files ?? root.files).length;
  const sentences: string[] = renderRings(report);
  if (downstream.count > 0) {
    sentences.push(
      `${downstream.count} more in ${countOf(downstream.files.length, 'file')} that ${downstream.files.length === 1 ? 'depends' : 'depend'} on ${selectedFiles === 1 ? 'it' : 'them'} ${isAre(downstream.count)} withheld: ${downstream.count === 1 ? 'it is likely an echo' : 'they are likely echoes'} and will be re-checked after this fix.`,
    );
  }
  if (queued.count > 0) {
    sentences.push(
      `${queued.count} more in ${countOf(queued.files.length, 'other root file')} ${isAre(queued.count)} held back: ${queued.files.length === 1 ? 'it looks like a separate cause' : 'they look like separate causes'} and ${queued.files.length === 1 ? 'comes' : 'come'} next.`,
    );
  }
  if (nonEditable.count > 0) {
    sentences.push(
      `${nonEditable.count} in ${countOf(nonEditable.files.length, 'file')} you must not edit by hand ${isAre(nonEditable.count)} not listed; the instruction below says what to do instead.`,
    );
  }
  if (belowRung.count > 0 && report.rung === 'syntax') {
    sentences.push(
      `Syntax errors first: ${countOf(belowRung.count, 'type and lint finding')} ${isAre(belowRung.count)} hidden until the files parse.`,
    );
  }
  if (belowRung.count > 0 && report.rung === 'errors') {
    sentences.push(
      `Errors first: ${countOf(belowRung.count, 'warning')} ${isAre(belowRung.count)} hidden until the errors are fixed.`,
    );
  }
  if (echoes.derived !== undefined) {
    sentences.push(
      `${countOf(echoes.count, 'more finding')} ${echoes.count === 1 ? 'follows' : 'follow'} from the compiler errors (values typed from what the compiler could not type: implicit and unsafe \`any\`) and ${isAre(echoes.count)} withheld: ${echoes.count === 1 ? 'it' : 'they'} will go away with them.`,
    );
  } else if (echoes.count > 0) {
    sentences.push(
      `${countOf(echoes.count, 'lint finding')} about values of the compiler's error type ${isAre(echoes.count)} withheld: ${echoes.count === 1 ? 'it restates' : 'they restate'} compiler errors and will go away with them.`,
    );
  }
  return sentences;
}

function renderHeader(finding: ShownFinding): string {
  const where = finding.path === null ? '(no file)' : escapeLine(formatSite(finding));
  return `${where} ${finding.severity} ${finding.code} ${finding.message}`;
}

/** The flagged line with one line of context either side, numbered, the flagged one marked. */
function renderExcerpt(lines: readonly string[], line: number): string[] {
  if (line < 1 || line > lines.length) return [];
  const first = Math.max(1, line - 1);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const excerpt: string[] = [];
  for (let number = first; number <= last; number++) {
    const text = clipText((lines[number - 1] ?? '').trimEnd(), excerptWidth);
    excerpt.push(`${number === line ? '>' : ' '} ${String(number).padStart(width)} | ${text}`.trimEnd());
  }
  return excerpt;
}

function renderFileList(files: readonly string[], count = namedFiles): string {
  const named = files.slice(0, count).map(escapeLine);
  const rest = files.length - named.length;
  if (rest > 0) return `${named.join(', ')} and ${rest} more`;
  return named.length <= 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

function isAre(count: number): string {
  return count === 1 ? 'is' : 'are';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
