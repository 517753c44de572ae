/**
 * A SARIF 2.1.0 log as diagnostics: every run's results that are failures (`kind` fail, not
 * suppressed, not absent from the baseline the tool kept itself), placed at their first
 * physical location. Beside them, what the log says about the run itself: the tool's own
 * failure signals (`results: null`, an invocation that says it did not succeed, an execution
 * notification of level error), and the files it analyzed where the log can tell. Artifact URIs are resolved the way SARIF defines them — through
 * `uriBaseId` and the run's `originalUriBaseIds`, through `index` into the run's artifacts,
 * `file://` URIs as file paths — and relative ones against the folder the command ran in.
 * Only the fields culprit reads are validated; everything else a producer adds is ignored.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Diagnostic, Phase } from '../../core/diagnostic.js';

const int = z.number().int();
const artifactLocation = z.looseObject({
  uri: z.string().optional(),
  uriBaseId: z.string().optional(),
  index: int.optional(),
});
const message = z.looseObject({
  text: z.string().optional(),
  markdown: z.string().optional(),
  id: z.string().optional(),
  arguments: z.array(z.string()).optional(),
});
const rule = z.looseObject({
  id: z.string().optional(),
  defaultConfiguration: z.looseObject({ level: z.string().optional() }).optional(),
  messageStrings: z.record(z.string(), z.looseObject({ text: z.string().optional() })).optional(),
});
const result = z.looseObject({
  ruleId: z.string().optional(),
  ruleIndex: int.optional(),
  rule: z.looseObject({ id: z.string().optional(), index: int.optional() }).optional(),
  level: z.string().optional(),
  kind: z.string().optional(),
  message,
  locations: z
    .array(
      z.looseObject({
        physicalLocation: z
          .looseObject({
            artifactLocation: artifactLocation.optional(),
            region: z
              .looseObject({
                startLine: int.optional(),
                startColumn: int.optional(),
                endLine: int.optional(),
                endColumn: int.optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  suppressions: z.array(z.looseObject({ status: z.string().optional() })).optional(),
  baselineState: z.string().optional(),
});
const run = z.looseObject({
  tool: z.looseObject({
    driver: z.looseObject({
      name: z.string(),
      version: z.string().optional(),
      semanticVersion: z.string().optional(),
      rules: z.array(rule).optional(),
    }),
  }),
  results: z.array(result).nullable().optional(),
  artifacts: z
    .array(z.looseObject({ location: artifactLocation.optional(), roles: z.array(z.string()).optional() }))
    .optional(),
  invocations: z
    .array(
      z.looseObject({
        executionSuccessful: z.boolean().optional(),
        toolExecutionNotifications: z
          .array(z.looseObject({ level: z.string().optional(), message: message.optional() }))
          .optional(),
      }),
    )
    .optional(),
  originalUriBaseIds: z
    .record(z.string(), z.looseObject({ uri: z.string().optional(), uriBaseId: z.string().optional() }))
    .optional(),
});
const logSchema = z.looseObject({ version: z.literal('2.1.0'), runs: z.array(run) });

type SarifRun = z.infer<typeof run>;
type SarifResult = z.infer<typeof result>;
type ArtifactLocation = z.infer<typeof artifactLocation>;

export interface SarifContext {
  /** Absolute folder the command ran in: relative URIs are relative to it. */
  root: string;
  /** Absolute path → repository path. */
  toRepoPath: (absolute: string) => string;
  phase: Phase;
}

export interface SarifFindings {
  /** The first run's tool version. */
  version: string | null;
  diagnostics: Diagnostic[];
  /** The tool's own word that a run did not finish, one line each; empty when every run did. */
  failures: string[];
  /**
   * The files the runs analyzed, repository-relative, where the log tells: the artifacts whose
   * `roles` include `analysisTarget`, or, in a log whose artifacts carry no roles, every artifact
   * when some of them no result points at (a producer listing only the files with results says
   * nothing about the others). Undefined when any run cannot tell.
   */
  analyzed: string[] | undefined;
}

/** Throws an error whose message says, on one line, why the text is not a SARIF 2.1.0 log. */
export function parseSarifLog(text: string, context: SarifContext): SarifFindings {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const start = text.trim().slice(0, 80);
    // V8 quotes the text it choked on, newlines included: the reason must stay on one line.
    const reason = (error as Error).message.replace(/\s*\n\s*/g, ' ');
    throw new Error(
      start === '' ? 'stdout was empty' : `stdout is not JSON (${reason}); it starts with ${JSON.stringify(start)}`,
      { cause: error },
    );
  }
  const parsed = logSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? 'the log' : issue.path.map(String).join('.');
    throw new Error(`not a SARIF 2.1.0 log: ${where}: ${issue.message.replace(/^Invalid input: /, '')}`);
  }
  const diagnostics = parsed.data.runs.flatMap((sarifRun) =>
    (sarifRun.results ?? []).flatMap((sarifResult) => {
      const diagnostic = makeSarifDiagnostic(sarifResult, sarifRun, context);
      return diagnostic === null ? [] : [diagnostic];
    }),
  );
  const driver = parsed.data.runs[0]?.tool.driver;
  return {
    version: driver?.version ?? driver?.semanticVersion ?? null,
    diagnostics,
    failures: parsed.data.runs.flatMap(listRunFailures),
    analyzed: listAnalyzed(parsed.data.runs, context),
  };
}

/** A run's own failure signals, in words: SARIF's `results: null` means the tool produced none, which is not "no findings". */
function listRunFailures(sarifRun: SarifRun): string[] {
  const name = sarifRun.tool.driver.name;
  const failures: string[] = [];
  if (sarifRun.results === null) failures.push(`${name} gave "results": null, a run that produced no results`);
  for (const invocation of sarifRun.invocations ?? []) {
    const errors = (invocation.toolExecutionNotifications ?? []).filter((note) => note.level === 'error');
    const said = errors.map((note) => (note.message?.text ?? note.message?.markdown ?? '').trim()).filter(Boolean);
    if (invocation.executionSuccessful === false)
      failures.push(`${name} says its run did not succeed${said.length > 0 ? `: ${said.join(' | ')}` : ''}`);
    else if (errors.length > 0)
      failures.push(`${name} reported an error running: ${said.length > 0 ? said.join(' | ') : 'without a message'}`);
  }
  return failures.map((failure) => failure.replace(/\s*\n\s*/g, ' '));
}

function listAnalyzed(sarifRuns: readonly SarifRun[], context: SarifContext): string[] | undefined {
  const analyzed = new Set<string>();
  for (const sarifRun of sarifRuns) {
    const artifacts = sarifRun.artifacts ?? [];
    const hasRoles = artifacts.some((artifact) => artifact.roles !== undefined);
    const chosen = hasRoles ? artifacts.filter((artifact) => artifact.roles?.includes('analysisTarget')) : artifacts;
    const paths = chosen.flatMap((artifact) => {
      const absolute =
        artifact.location === undefined ? null : resolveArtifact(artifact.location, sarifRun, context.root);
      return absolute === null ? [] : [context.toRepoPath(absolute)];
    });
    if (!hasRoles) {
      const withResults = new Set(
        (sarifRun.results ?? []).flatMap((sarifResult) => {
          const location = sarifResult.locations?.[0]?.physicalLocation?.artifactLocation;
          const absolute = location === undefined ? null : resolveArtifact(location, sarifRun, context.root);
          return absolute === null ? [] : [context.toRepoPath(absolute)];
        }),
      );
      if (paths.every((path) => withResults.has(path))) return undefined;
    }
    for (const path of paths) analyzed.add(path);
  }
  return [...analyzed].sort();
}

function makeSarifDiagnostic(sarifResult: SarifResult, sarifRun: SarifRun, context: SarifContext): Diagnostic | null {
  if ((sarifResult.kind ?? 'fail') !== 'fail' || sarifResult.baselineState === 'absent') return null;
  if (
    (sarifResult.suppressions ?? []).some(
      (suppression) => suppression.status !== 'rejected' && suppression.status !== 'underReview',
    )
  )
    return null;
  const ruleIndex = sarifResult.rule?.index ?? sarifResult.ruleIndex;
  const descriptor = ruleIndex === undefined ? undefined : sarifRun.tool.driver.rules?.[ruleIndex];
  const level = sarifResult.level ?? descriptor?.defaultConfiguration?.level ?? 'warning';
  if (level === 'none') return null;
  const diagnostic: Diagnostic = {
    tool: sarifRun.tool.driver.name,
    code: sarifResult.ruleId ?? sarifResult.rule?.id ?? descriptor?.id ?? sarifRun.tool.driver.name,
    severity: level === 'error' ? 'error' : 'warning',
    phase: context.phase,
    path: null,
    line: 0,
    column: 0,
    message: readMessage(sarifResult, descriptor).trimEnd(),
  };
  const physical = sarifResult.locations?.[0]?.physicalLocation;
  const absolute =
    physical?.artifactLocation === undefined
      ? null
      : resolveArtifact(physical.artifactLocation, sarifRun, context.root);
  if (absolute === null) return diagnostic;
  diagnostic.path = context.toRepoPath(absolute);
  const region = physical?.region;
  if (region?.startLine !== undefined) {
    diagnostic.line = region.startLine;
    diagnostic.column = region.startColumn ?? 1;
    if (region.endLine !== undefined || region.endColumn !== undefined)
      diagnostic.endLine = region.endLine ?? region.startLine;
    if (region.endColumn !== undefined) diagnostic.endColumn = region.endColumn;
  }
  return diagnostic;
}

/** The message's own text, else the rule's message string with its `{0}` placeholders filled. */
function readMessage(sarifResult: SarifResult, descriptor: z.infer<typeof rule> | undefined): string {
  const own = sarifResult.message.text ?? sarifResult.message.markdown;
  if (own !== undefined) return own;
  const template =
    sarifResult.message.id === undefined ? undefined : descriptor?.messageStrings?.[sarifResult.message.id]?.text;
  if (template === undefined) return sarifResult.ruleId ?? '';
  const args = sarifResult.message.arguments ?? [];
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => args[Number(index)] ?? whole);
}

/** The artifact's absolute path, or null when it is not a file (an http: URI, no URI at all). */
function resolveArtifact(location: ArtifactLocation, sarifRun: SarifRun, root: string): string | null {
  const indexed = location.index === undefined ? undefined : sarifRun.artifacts?.[location.index]?.location;
  const uri = location.uri ?? indexed?.uri;
  if (uri === undefined) return null;
  return resolveUri(uri, location.uri === undefined ? indexed?.uriBaseId : location.uriBaseId, sarifRun, root, 0);
}

function resolveUri(
  uri: string,
  baseId: string | undefined,
  sarifRun: SarifRun,
  root: string,
  depth: number,
): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
    if (!uri.toLowerCase().startsWith('file:')) return null;
    try {
      return fileURLToPath(uri);
    } catch {
      return null;
    }
  }
  const relative = decodeUri(uri);
  if (isAbsolute(relative)) return relative;
  const base = baseId === undefined || depth > 8 ? undefined : sarifRun.originalUriBaseIds?.[baseId];
  // A base the log does not define (%SRCROOT% left for the viewer to fill) is the folder the command ran in.
  const baseDir =
    base?.uri === undefined ? root : (resolveUri(base.uri, base.uriBaseId, sarifRun, root, depth + 1) ?? root);
  return resolve(baseDir, relative);
}

function decodeUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
