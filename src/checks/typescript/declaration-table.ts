/**
 * A file's declaration table: each declaration its importers can see, with its shape (what it
 * is, without its name), so triage can tell which declarations an edit changed by comparing the
 * tables of the baseline and the current tree (core/triage/causes.ts). The shape is the source's
 * own text where the source spells the type out (an annotation, a signature), and the type the
 * checker infers where it does not (an unannotated return, a `const` without a type), so an edit
 * that makes a function return `any` shows as a change of that function. Bodies and initialisers
 * are not part of a shape: an edit inside a function changes no declaration.
 */
import { createHash } from 'node:crypto';
import type ts from 'typescript';
import type { DeclarationKind, DeclarationRow } from '../../core/declaration-table.js';
import { namePlaceholder } from '../../core/triage/causes.js';
import { sortTypeText } from '../../core/identity/type-members.js';
import { makeClassicChecker, type CheckerView, type Syntax } from './checker-view.js';
import { readMemberName, readScopePrefix } from './declaration-names.js';

/** What a table asks the checker: the types the source does not spell out, printed. */
export type TableChecker<Type> = Pick<CheckerView<unknown, Type>, 'typeAt' | 'returnTypeOf' | 'printType'>;

/**
 * Past this, a shape keeps its start and a hash of the whole: it still changes when the
 * declaration does, but what changed can no longer be said. Long enough for a generic alias
 * spelled over a dozen lines (zustand's `StateCreator` is about 330 characters), so a cause can
 * show the part that differs and a rename finished inside it is known as that rename.
 */
const maxShapeLength = 1000;

/** The rows of one file, in source order, from a classic checker (TypeScript 5/6). */
export function readDeclarationRows(
  ts: typeof import('typescript'),
  checker: ts.TypeChecker,
  file: ts.SourceFile,
): DeclarationRow[] {
  // A table names no declaration outside its file: which files are the repository's does not matter.
  return readTableRows(
    ts,
    makeClassicChecker(ts, checker, () => true),
    file,
  );
}

/** One file's table under way: the file, the checker for what it does not spell out, and the rows so far. */
interface TableState<Type> {
  readonly ts: Syntax;
  readonly checker: TableChecker<Type>;
  readonly file: ts.SourceFile;
  readonly text: string;
  readonly rows: DeclarationRow[];
  /** Each function's overloads, made one row once the file is read. */
  readonly functions: Map<string, { node: ts.FunctionDeclaration; shapes: string[] }>;
}

/** The rows of one file, in source order, from any checker that prints types (TypeScript 5/6, or 7 through its API). */
export function readTableRows<Type>(ts: Syntax, checker: TableChecker<Type>, file: ts.SourceFile): DeclarationRow[] {
  const state: TableState<Type> = { ts, checker, file, text: file.text, rows: [], functions: new Map() };
  addStatements(state, file.statements, '');
  for (const [name, { node, shapes }] of state.functions) addRow(state, name, 'function', node, shapes.join(' ; '));
  return mergeOverloads(state.rows);
}

function fold<Type>(state: TableState<Type>, from: number, to: number): string {
  return state.text.slice(from, to).replace(/\s+/g, ' ').trim().replace(/[;,]$/, '');
}

function addRow<Type>(state: TableState<Type>, name: string, kind: DeclarationKind, at: ts.Node, shape: string): void {
  const line = state.file.getLineAndCharacterOfPosition(at.getStart(state.file)).line + 1;
  state.rows.push([name, kind, line, capShape(shape)]);
}

/** The node's text with its name replaced by the placeholder, from its start to `end`. */
function shapeAround<Type>(state: TableState<Type>, node: ts.Node, name: ts.Node | undefined, end: number): string {
  const start = node.getStart(state.file);
  if (name === undefined) return fold(state, start, end);
  return joinAroundName(fold(state, start, name.getStart(state.file)), fold(state, name.getEnd(), end));
}

/** `: T` as written, or as the checker infers it. */
function typeSuffix<Type>(
  state: TableState<Type>,
  declared: ts.TypeNode | undefined,
  infer: () => Type | undefined,
  enclosing: ts.Node,
): string {
  if (declared !== undefined) return `: ${fold(state, declared.getStart(state.file), declared.getEnd())}`;
  const type = infer();
  return type === undefined ? '' : `: ${state.checker.printType(type, enclosing)}`;
}

function signatureShape<Type>(state: TableState<Type>, node: ts.SignatureDeclaration, prefixEnd: number): string {
  const head =
    node.name === undefined
      ? fold(state, node.getStart(state.file), prefixEnd)
      : shapeAround(state, node, node.name, prefixEnd);
  const parametersEnd = closeParameters(state, node);
  const typeParameters = node.typeParameters;
  const start = typeParameters === undefined ? node.parameters.pos - 1 : typeParameters.pos - 1;
  const signature = fold(state, start, parametersEnd);
  const returns = typeSuffix(state, node.type, () => state.checker.returnTypeOf(node), node);
  return `${head}${signature}${returns}`;
}

function addMembers<Type>(state: TableState<Type>, container: string, members: readonly ts.Node[]): void {
  const { ts, file, checker } = state;
  for (const member of members) {
    if (ts.isConstructorDeclaration(member)) {
      const shape = `${namePlaceholder}${fold(state, member.parameters.pos - 1, closeParameters(state, member))}`;
      addRow(state, `${container}.constructor`, 'method', member, shape);
      continue;
    }
    const named = member as ts.NamedDeclaration;
    const name = readMemberName(ts, named.name as ts.PropertyName | undefined);
    if (name === undefined || named.name === undefined) continue;
    const qualified = `${container}.${name}`;
    if (ts.isMethodSignature(member) || ts.isMethodDeclaration(member)) {
      addRow(state, qualified, 'method', member, signatureShape(state, member, member.name.getStart(file)));
    } else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
      addRow(state, qualified, 'member', member, signatureShape(state, member, member.name.getStart(file)));
    } else if (ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) {
      const head = shapeAround(state, member, member.name, readPostfixEnd(state.text, member.name.getEnd()));
      const suffix = typeSuffix(state, member.type, () => checker.typeAt(member.name), member);
      addRow(state, qualified, 'member', member, `${head}${suffix}`);
    } else if (ts.isEnumMember(member)) {
      addRow(state, qualified, 'member', member, shapeAround(state, member, member.name, member.getEnd()));
    } else if (ts.isIndexSignatureDeclaration(member)) {
      continue;
    }
  }
}

function exportPrefix<Type>(state: TableState<Type>, node: ts.Node): string {
  const { ts } = state;
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  if (modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) !== true) return '';
  return modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword) ? 'export default ' : 'export ';
}

/** The statement's text from after its modifiers, so `export` is said once, first. */
function afterModifiers<Type>(state: TableState<Type>, node: ts.Node): number {
  const { ts } = state;
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  const last = modifiers?.filter(
    (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword,
  );
  return last === undefined || last.length === 0 ? node.getStart(state.file) : last[last.length - 1]!.getEnd();
}

function headShape<Type>(state: TableState<Type>, node: ts.Node, name: ts.Node | undefined, end: number): string {
  const start = afterModifiers(state, node);
  const head =
    name === undefined
      ? fold(state, start, end)
      : joinAroundName(fold(state, start, name.getStart(state.file)), fold(state, name.getEnd(), end));
  return `${exportPrefix(state, node)}${head}`;
}

/** Just past the `)` closing a parameter list (the list itself ends before any trivia). */
function closeParameters<Type>(state: TableState<Type>, node: ts.SignatureDeclaration): number {
  const close = state.text.indexOf(')', node.parameters.end);
  return close === -1 ? node.parameters.end : close + 1;
}

function addStatements<Type>(state: TableState<Type>, statements: readonly ts.Statement[], prefix: string): void {
  const { ts, file } = state;
  for (const statement of statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      const name = prefix + statement.name.text;
      const end = statement.members.pos - 1;
      addRow(state, name, 'interface', statement, headShape(state, statement, statement.name, end));
      addMembers(state, name, statement.members);
    } else if (ts.isTypeAliasDeclaration(statement)) {
      const name = prefix + statement.name.text;
      const literal = ts.isTypeLiteralNode(statement.type) ? statement.type : undefined;
      const end = literal === undefined ? statement.getEnd() : literal.getStart(file);
      addRow(
        state,
        name,
        'type',
        statement,
        `${headShape(state, statement, statement.name, end)}${literal === undefined ? '' : ' {…}'}`,
      );
      if (literal !== undefined) addMembers(state, name, literal.members);
    } else if (ts.isClassDeclaration(statement)) {
      const name = prefix + (statement.name?.text ?? 'default');
      const end = statement.members.pos - 1;
      addRow(state, name, 'class', statement, headShape(state, statement, statement.name, end));
      addMembers(state, name, statement.members);
    } else if (ts.isFunctionDeclaration(statement)) {
      addFunction(state, statement, prefix);
    } else if (ts.isEnumDeclaration(statement)) {
      const name = prefix + statement.name.text;
      addRow(state, name, 'enum', statement, headShape(state, statement, statement.name, statement.members.pos - 1));
      addMembers(state, name, statement.members);
    } else if (ts.isVariableStatement(statement)) {
      addVariables(state, statement, prefix);
    } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) {
      const name = prefix + statement.name.text;
      addRow(state, name, 'namespace', statement, headShape(state, statement, statement.name, statement.name.getEnd()));
      let body = statement.body;
      while (body !== undefined && ts.isModuleDeclaration(body)) body = body.body;
      if (body !== undefined && ts.isModuleBlock(body) && readScopePrefix(ts, body) !== undefined)
        addStatements(state, body.statements, `${readScopePrefix(ts, body)}`);
    } else if (ts.isExportDeclaration(statement)) {
      addExportDeclaration(state, statement);
    } else if (ts.isExportAssignment(statement)) {
      const name = statement.isExportEquals === true ? 'export=' : 'default';
      const type = ts.isIdentifier(statement.expression) ? undefined : state.checker.typeAt(statement.expression);
      const shape = type === undefined ? statement.expression.getText(file) : state.checker.printType(type, statement);
      addRow(
        state,
        name,
        'export',
        statement,
        `export ${statement.isExportEquals === true ? '= ' : 'default '}${shape}`,
      );
    }
  }
}

/** A function's signature, kept beside its overloads until the file is read. */
function addFunction<Type>(state: TableState<Type>, statement: ts.FunctionDeclaration, prefix: string): void {
  const name = prefix + (statement.name?.text ?? 'default');
  const head = exportPrefix(state, statement);
  const shape = `${head}${signatureShape(state, statement, statement.name?.getStart(state.file) ?? statement.parameters.pos - 1).replace(/^export (default )?/, '')}`;
  const known = state.functions.get(name);
  // Overloads: the signatures callers see; an implementation beside them is not one.
  if (known === undefined) state.functions.set(name, { node: statement, shapes: [shape] });
  else if (statement.body === undefined || known.node.body === undefined) {
    if (known.node.body !== undefined && statement.body === undefined) known.shapes.length = 0;
    if (statement.body === undefined || known.shapes.length === 0) known.shapes.push(shape);
  }
}

function addVariables<Type>(state: TableState<Type>, statement: ts.VariableStatement, prefix: string): void {
  const { ts } = state;
  const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
  for (const declaration of statement.declarationList.declarations) {
    if (!ts.isIdentifier(declaration.name)) continue;
    const suffix = typeSuffix(state, declaration.type, () => state.checker.typeAt(declaration.name), declaration);
    addRow(
      state,
      prefix + declaration.name.text,
      'variable',
      declaration,
      `${exportPrefix(state, statement)}${keyword} ${namePlaceholder}${suffix}`,
    );
  }
}

function addExportDeclaration<Type>(state: TableState<Type>, statement: ts.ExportDeclaration): void {
  const { ts, file } = state;
  const from = statement.moduleSpecifier === undefined ? '' : ` from ${statement.moduleSpecifier.getText(file)}`;
  const clause = statement.exportClause;
  if (clause === undefined) addRow(state, `*${from}`, 'export', statement, `export *${from}`);
  else if (ts.isNamespaceExport(clause))
    addRow(state, clause.name.text, 'export', statement, `export * as ${namePlaceholder}${from}`);
  else
    for (const specifier of clause.elements) {
      const local = specifier.propertyName === undefined ? '' : `${specifier.propertyName.getText(file)} as `;
      addRow(state, specifier.name.text, 'export', specifier, `export { ${local}${namePlaceholder} }${from}`);
    }
}

/**
 * Just past a member name's `?` or `!` (`price?: number`, `id!: string`), or the name's end. Read
 * from the text: the classic compiler calls the token `questionToken` or `exclamationToken`,
 * TypeScript 7's AST `postfixToken`.
 */
function readPostfixEnd(text: string, nameEnd: number): number {
  const postfix = /^\s*[?!]/.exec(text.slice(nameEnd, nameEnd + 40));
  return postfix === null ? nameEnd : nameEnd + postfix[0].length;
}

/**
 * One row per name: a method's overloads, a merged interface or namespace declared twice, are one
 * declaration to the files that use it, so their shapes are joined in source order.
 */
function mergeOverloads(rows: readonly DeclarationRow[]): DeclarationRow[] {
  const byName = new Map<string, DeclarationRow>();
  for (const row of rows) {
    const known = byName.get(row[0]);
    if (known === undefined) byName.set(row[0], [...row]);
    else known[3] = capShape(`${known[3]} ; ${row[3]}`);
  }
  return [...byName.values()];
}

/** `export interface` + name + `extends Base`: spaced as written, but `price?: number` and `f(a)` stay tight. */
function joinAroundName(before: string, after: string): string {
  const tight = after === '' || /^[?!:<(,;]/.test(after);
  return `${before === '' ? '' : `${before} `}${namePlaceholder}${tight ? '' : ' '}${after}`;
}

/** Union members in one order (a warm checker prints them in the order it made them), then capped. */
function capShape(printed: string): string {
  const shape = sortTypeText(printed);
  if (shape.length <= maxShapeLength) return shape;
  const hash = createHash('sha1').update(shape).digest('hex').slice(0, 12);
  return `${shape.slice(0, maxShapeLength - 20)}…#${hash}`;
}
