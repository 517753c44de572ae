/**
 * The ratchet file (culprit-baseline.json) is a list of suppressions: every entry is a finding
 * the gate lets through. An edit that adds entries, or raises how many times one may occur,
 * silences the gate for them as a directive silences a linter, so each is a `suppression`
 * finding of its own at the file, identified by the entry (check, file, identity), never by
 * where it sits in the JSON. Entries the edit removed are the ratchet tightening: nothing.
 */
import type { AnchoredDiagnostic } from '../diagnostic.js';
import { ratchetFileName, type RatchetFile } from '../gate/ratchet-file.js';

export interface RatchetSides {
  /** The file as the baseline had it: null when it had none. */
  before: RatchetFile | null;
  /** The file as the edit left it: null when it deleted it; a string is why it no longer reads. */
  after: RatchetFile | null | string;
}

export function listRatchetGrowth({ before, after }: RatchetSides): AnchoredDiagnostic[] {
  if (after === null) return [];
  if (typeof after === 'string')
    return [makeRatchetFinding('ratchet-unreadable', `${ratchetFileName} no longer reads: ${after}`, 'unreadable')];
  const allowed = new Map<string, number>();
  for (const [check, { files }] of Object.entries(before?.checks ?? {}))
    for (const [path, entries] of Object.entries(files))
      for (const entry of entries) allowed.set(`${check}\0${path}\0${entry.fingerprint}`, entry.count);
  const grown: AnchoredDiagnostic[] = [];
  for (const [check, { files }] of Object.entries(after.checks))
    for (const [path, entries] of Object.entries(files))
      for (const entry of entries) {
        const was = allowed.get(`${check}\0${path}\0${entry.fingerprint}`) ?? 0;
        if (entry.count <= was) continue;
        const where = path === '' ? '' : ` in ${path}`;
        const times = was === 0 ? '' : ` (${was} → ${entry.count} times)`;
        grown.push(
          makeRatchetFinding(
            'ratchet-entry',
            `${check} ${entry.code}${where} added to ${ratchetFileName}${times}: ${entry.message}`,
            `${check} ${path} ${entry.fingerprint} ${entry.count}`,
          ),
        );
      }
  return grown;
}

function makeRatchetFinding(code: string, message: string, anchor: string): AnchoredDiagnostic {
  return {
    tool: 'culprit',
    code,
    severity: 'error',
    phase: 'config',
    path: ratchetFileName,
    line: 0,
    column: 0,
    message,
    // The entry, not its place in the file, is the finding's identity.
    anchor,
    kind: 'suppression',
  };
}
