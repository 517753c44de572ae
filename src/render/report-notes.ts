/**
 * The report's notes and coded check errors in words (core/report/report-codes.ts): what the
 * baseline is, why it could not reflect the edit's packages or come from the remote cache, and
 * why a check could not be compared with it. Tasks and the baseline decide; these are only the
 * sentences.
 */
import type {
  BaselineKind,
  BaselineSource,
  CheckErrorCode,
  CodedNote,
  ReportNote,
} from '../core/report/report-codes.js';
import { describeRatchet } from './debt.js';

/** One note in words. */
export function describeNote(note: ReportNote | CodedNote): string {
  if (typeof note === 'string') return note;
  switch (note.code) {
    case 'baseline':
      return `baseline: ${note.label}, ${describeSource[note.source]}`;
    case 'lockfiles-differ':
      return `${[...new Set(note.lockfiles)].sort().join(', ')} differ${note.lockfiles.length === 1 ? 's' : ''} from ${note.label}: the baseline ran with the packages installed in the work tree, not the ones its lockfile names`;
    case 'remote-not-used':
      return `remote cache not used: ${note.reason}; the baseline ran here`;
    case 'remote-miss':
      return `${nameRemote(note.remote)}: ${note.reason}; the baseline ran here`;
    case 'upload-failed':
      return `${nameRemote(note.remote)}: the baseline this check computed was not uploaded: ${note.reason}`;
    case 'base-config-unread':
      return `the baseline's own configuration could not be read (${note.error}); it was checked with the work tree's checks`;
    case 'version-changed':
      return `${note.check} changed version since the baseline (${note.from ?? '?'} → ${note.to ?? '?'}); some findings may differ for that reason`;
    case 'debt-fixed':
      return describeRatchet(note.hasRatchetFile);
    case 'text':
      return note.text;
  }
}

/** The notes in words, in their order. */
export function describeNotes(notes: readonly ReportNote[]): string[] {
  return notes.map(describeNote);
}

const describeSource: Record<BaselineSource, string> = {
  started: 'the started task',
  cache: 'from the local cache',
  remote: 'from the remote cache',
  run: 'computed by this check',
};

/** `remote cache http://host:port`, from a remote's URL without credentials (core's locateRemote). */
export function nameRemote(remote: string | null): string {
  return remote === null ? 'remote cache' : `remote cache ${remote}`;
}

/** What to do about a baseline a check cannot be compared with: take it again. */
function describeRemedy(kind: BaselineKind): string {
  if (kind === 'debt') return 'run culprit debt start again';
  return kind === 'started' ? 'run culprit start again' : 'run culprit check again';
}

/** The check with its coded error in words too (`error`), as the JSON report and every line about failed checks give it. */
export function wordCheck<Check extends Parameters<typeof describeCheckError>[0]>(check: Check): Check {
  return check.errorCode === undefined ? check : { ...check, error: describeCheckError(check) };
}

/** A check's error in words: its coded error, else the words its tool or the core gave. */
export function describeCheckError(check: {
  name: string;
  error?: string | undefined;
  errorCode?: CheckErrorCode | undefined;
}): string | undefined {
  const { errorCode } = check;
  if (errorCode === undefined) return check.error;
  const remedy = describeRemedy(errorCode.remedy);
  return errorCode.code === 'not-in-baseline'
    ? `${check.name} is not in this task's baseline (the configuration changed); ${remedy}`
    : `${check.name} has no usable baseline: it was ${errorCode.baseStatus} when the baseline was taken (${errorCode.baseError ?? 'no detail'}); ${remedy} once it works`;
}
