/**
 * What a file declares, as a type checker sees it: the data a check that has a type checker (tsc
 * 5/6) records with every run, so the baseline snapshot carries its side and a later check can
 * tell which declarations the edit changed. And the reference a finding carries to each
 * declaration the checker says its flagged node depends on. Plain data; the tsc check makes it
 * (checks/typescript), core/triage/causes.ts compares it.
 */

/**
 * The kinds of declaration a table lists. Members (`member`, `method`) belong to an interface,
 * class, object type alias or enum, named `Container.member`; `export` is an export that is not a
 * declaration of the file itself (`export { a as b }`, `export * from`, `export default <expr>`).
 */
export type DeclarationKind =
  | 'interface'
  | 'type'
  | 'class'
  | 'function'
  | 'variable'
  | 'enum'
  | 'namespace'
  | 'member'
  | 'method'
  | 'export';

/**
 * One declaration, as a row: `[name, kind, line, shape]`.
 * - `name`: qualified within its file: `RateCard`, `RateCard.price`, `ns.Config`, `Color.Red`.
 * - `line`: 1-based line of its name.
 * - `shape`: what importers see of it, without its name, whitespace folded: `?: number`,
 *   `(card: RateCard, quantity: number): number`; the type the checker infers where the source
 *   spells none; prefixed `export ` when the file exports it. Long shapes end in `…#<hash>`.
 */
export type DeclarationRow = [name: string, kind: DeclarationKind, line: number, shape: string];

/** Every checked file's declarations, by repository-relative path. */
export type DeclarationTables = Record<string, DeclarationRow[]>;

/**
 * A declaration a finding depends on: the file declaring it and its qualified name. The name may
 * be one the file no longer declares (`RateCard.price` after the member was renamed): that is
 * the checker's reading of the flagged code, which still asks for it.
 */
export interface DeclarationRef {
  path: string;
  name: string;
}
