/**
 * Why culprit will not replace a file: data, found where files are written (state/atomic-write.ts)
 * and worded where they are reported. A file the user cannot write, or has made read-only, is
 * left alone rather than replaced by rename (which a read-only mode does not prevent); so is one
 * whose owner a rename would change.
 */
export type WriteRefusal =
  | { path: string; problem: 'read-only'; mode: number }
  | { path: string; problem: 'owner'; owner: number; uid: number }
  | { path: string; problem: 'not-file' };

/** The refusal as one clause: `src/gen.ts is read-only (mode 0444)`. */
export function describeWriteRefusal(refusal: WriteRefusal): string {
  switch (refusal.problem) {
    case 'read-only':
      return `${refusal.path} is read-only (mode ${refusal.mode.toString(8).padStart(4, '0')})`;
    case 'owner':
      return `${refusal.path} belongs to uid ${refusal.owner}, and replacing it would make it yours (uid ${refusal.uid})`;
    case 'not-file':
      return `${refusal.path} is no longer a regular file`;
  }
}
