/**
 * The words for findings about how the code is checked (core/coverage/): a suppression the edit
 * added, a relaxed setting, a check that no longer runs, files no longer checked. Each says what
 * the edit did to the check, and that undoing it or leaving the decision to a person are the two
 * honest ways on: the loop's "clean" must never be reached by switching a check off.
 */
import type { ShownFinding, SilencedSite } from '../core/report/report.js';
import { countOf } from './wording.js';

/** How many silenced findings a suppression's sentence names before counting the rest. */
const namedSilenced = 3;

export function describeCheckingFinding(
  finding: Pick<ShownFinding, 'kind' | 'tool' | 'code' | 'message' | 'silenced'>,
  files = 1,
): string {
  switch (finding.kind) {
    case 'suppression':
      return finding.tool === 'culprit' ? describeRatchetGrowth(finding) : describeSuppression(finding);
    case 'weakened':
      return `your edit relaxed ${finding.tool}: ${finding.message}. Undo it and fix what the setting reports, or leave the decision to a person.`;
    case 'check-removed':
      return `your edit stopped a check of the baseline: ${finding.message}. Restore it; whether the check should go is a person's decision (who then takes a new baseline with \`culprit start\`).`;
    case 'coverage':
      return `your edit left ${countOf(files, 'file')} unchecked: ${finding.message}. Put ${files === 1 ? 'it' : 'them'} back under the check, or leave the decision to a person${files > 1 ? ':' : '.'}`;
    case undefined:
      return finding.message;
  }
}

/** An entry the edit added to the ratchet file (core/coverage/ratchet-growth.ts), or the file it broke. */
function describeRatchetGrowth(finding: Pick<ShownFinding, 'code' | 'message'>): string {
  return finding.code === 'ratchet-unreadable'
    ? `your edit broke the ratchet file, so the gate cannot hold the line: ${finding.message}. Restore it.`
    : `your edit accepted a finding as debt instead of fixing it: ${finding.message}. Fix it and take the entry out, or leave the decision to a person.`;
}

function describeSuppression(finding: Pick<ShownFinding, 'tool' | 'message' | 'silenced'>): string {
  const directive = `\`${finding.message}\``;
  const silenced = finding.silenced ?? [];
  if (silenced.length === 0) {
    return `your edit added ${directive} instead of fixing what it hides from ${finding.tool}: fix the code and remove the directive, or leave the decision to a person.`;
  }
  if (silenced.length === 1) {
    const [site] = silenced;
    return `your edit silenced ${describeSite(site!)} with ${directive} instead of fixing it: fix it and remove the directive, or leave the decision to a person.`;
  }
  const named = silenced.slice(0, namedSilenced).map(describeSite);
  const rest = silenced.length - named.length;
  return `your edit silenced ${countOf(silenced.length, 'finding')} with ${directive} instead of fixing them (${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}): fix them and remove the directive, or leave the decision to a person.`;
}

function describeSite(site: SilencedSite): string {
  return `\`${site.code}\` at ${site.path}:${site.line}`;
}

/** The head's line about findings suppressions hide, when there are some. */
export function describeSilencedCount(silenced: number): string {
  return `${countOf(silenced, 'finding')} ${silenced === 1 ? 'is' : 'are'} silenced by suppression directives your edit added, not fixed: ${silenced === 1 ? 'it is' : 'they are'} not counted as resolved.`;
}
