/**
 * Silenced, not resolved. A finding the baseline had that is hidden now by a suppression directive
 * is still there: the edit switched the check off for it rather than fixing it. Such findings
 * leave `resolved` (where they would read as progress) and are counted `silenced`, each named
 * under the directive that hides it, so the payload can say "your edit silenced `prefer-const`
 * at legs.ts:20 with `eslint-disable-next-line`".
 *
 * Which findings a directive hides: where the tool says (ESLint's suppressed messages, in
 * `suppression.hidden`), those, under any directive; where it cannot tell (tsc, the Python and
 * Rust tools), a directive the edit added hides the baseline's findings of its check whose
 * flagged line is among the lines it covers and whose rule it names (every rule when it names
 * none). Hidden findings the baseline did not have are new findings the edit added and hid at once:
 * silenced too. A standing directive that now hides a finding the baseline had unhidden (the code
 * was moved under it) silences it as much as a new one would: that directive counts as introduced.
 */
import type { Attribution, ResolvedFinding } from '../attribute.js';
import { compareByPosition, type Finding, type HiddenFinding } from '../diagnostic.js';
import { normalizeMessage, pathNow } from '../identity/fingerprint.js';
import { foldWhitespace } from '../identity/source-lines.js';

/** A finding hidden by a directive, where it is in the checked tree. */
export interface SilencedFinding {
  code: string;
  path: string;
  line: number;
  column: number;
  message: string;
  /** The fingerprint of the directive that hides it. */
  by: string;
  /** The baseline finding it is, when the baseline had it (gone from `resolved`). */
  base?: ResolvedFinding;
}

export interface SilencedAttribution {
  attribution: Attribution;
  silenced: SilencedFinding[];
}

export function findSilenced(
  attribution: Attribution,
  lines: (path: string) => readonly string[] | undefined,
  renames: ReadonlyMap<string, string> = new Map(),
): SilencedAttribution {
  const introduced = attribution.introduced.filter((finding) => finding.kind === 'suppression');
  const directives = [...introduced, ...attribution.standing.filter((finding) => finding.kind === 'suppression')];
  if (directives.length === 0) return { attribution, silenced: [] };
  const isNew = new Set(introduced);
  // The resolved findings a directive could hide, by check and current path.
  const pool = new Map<string, ResolvedFinding[]>();
  for (const finding of attribution.resolved) {
    const path = pathNow(finding.path, renames);
    if (finding.kind !== undefined || path === null) continue;
    const key = `${finding.tool}\0${path}`;
    (pool.get(key) ?? pool.set(key, []).get(key)!).push(finding);
  }
  const silenced: SilencedFinding[] = [];
  const take = (directive: Finding, test: (finding: ResolvedFinding) => boolean): ResolvedFinding | undefined => {
    const candidates = pool.get(`${directive.tool}\0${directive.path}`);
    const index = candidates?.findIndex(test) ?? -1;
    return index < 0 ? undefined : candidates!.splice(index, 1)[0];
  };
  for (const directive of directives) {
    const { suppression } = directive;
    if (suppression === undefined || directive.path === null) continue;
    const path = directive.path;
    const textOf = (line: number) => foldWhitespace(lines(path)?.[line - 1] ?? '');
    if (suppression.hidden !== undefined) {
      for (const hidden of suppression.hidden) {
        const base = take(directive, (finding) => isHiddenFinding(finding, hidden, textOf(hidden.line)));
        if (base !== undefined || isNew.has(directive))
          silenced.push({
            ...describeHidden(hidden, path, directive.fingerprint),
            base,
          });
      }
      continue;
    }
    if (!isNew.has(directive)) continue;
    const covered = new Map<string, number>();
    const last = suppression.to === 0 ? (lines(path)?.length ?? 0) : suppression.to;
    for (let line = Math.max(1, suppression.from); line <= last; line++) {
      const text = textOf(line);
      if (text !== '' && !covered.has(text)) covered.set(text, line);
    }
    for (;;) {
      const base = take(
        directive,
        (finding) =>
          finding.anchor !== '' &&
          covered.has(finding.anchor) &&
          (suppression.codes.length === 0 || suppression.codes.includes(finding.code)),
      );
      if (base === undefined) break;
      silenced.push({
        code: base.code,
        path,
        line: covered.get(base.anchor)!,
        column: base.column,
        message: base.message,
        by: directive.fingerprint,
        base,
      });
    }
  }
  if (silenced.length === 0) return { attribution, silenced };
  const gone = new Set(silenced.flatMap((finding) => (finding.base === undefined ? [] : [finding.base])));
  const hiding = new Set(silenced.map((finding) => finding.by));
  const nowHiding = attribution.standing.filter(
    (finding) => finding.kind === 'suppression' && hiding.has(finding.fingerprint),
  );
  if (nowHiding.length === 0)
    return {
      attribution: { ...attribution, resolved: attribution.resolved.filter((finding) => !gone.has(finding)) },
      silenced,
    };
  const moved = new Set(nowHiding);
  return {
    attribution: {
      ...attribution,
      introduced: [...attribution.introduced, ...nowHiding].sort(compareByPosition),
      standing: attribution.standing.filter((finding) => !moved.has(finding)),
      resolved: attribution.resolved.filter((finding) => !gone.has(finding)),
    },
    silenced,
  };
}

/** A baseline finding is the hidden one when rule and message match, and its flagged line is the line hidden. */
function isHiddenFinding(finding: ResolvedFinding, hidden: HiddenFinding, hiddenText: string): boolean {
  return (
    finding.code === hidden.code &&
    (finding.anchor === '' || finding.anchor === hiddenText) &&
    normalizeMessage(finding.message) === normalizeMessage(hidden.message)
  );
}

function describeHidden(hidden: HiddenFinding, path: string, by: string): SilencedFinding {
  const { code, line, column, message } = hidden;
  return { code, path, line, column, message, by };
}
