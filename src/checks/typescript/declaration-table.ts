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

/** The rows of one file, in source order, from any checker that prints types (TypeScript 5/6, or 7 through its API). */
export function readTableRows<Type>(ts: Syntax, checker: TableChecker<Type>, file: ts.SourceFile): DeclarationRow[] {
  const rows: DeclarationRow[] = [];
  const text = file.text;
  const fold = (from: number, to: number) => text.slice(from, to).replace(/\s+/g, ' ').trim().replace(/[;,]$/, '');
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const printType = (type: Type, enclosing: ts.Node) => checker.printType(type, enclosing);
  const add = (name: string, kind: DeclarationKind, at: ts.Node, shape: string) => {
    rows.push([name, kind, lineOf(at), capShape(shape)]);
  };

  /** The node's text with its name replaced by the placeholder, from its start to `end`. */
  const shapeAround = (node: ts.Node, name: ts.Node | undefined, end: number): string => {
    const start = node.getStart(file);
    if (name === undefined) return fold(start, end);
    return joinAroundName(fold(start, name.getStart(file)), fold(name.getEnd(), end));
  };

  /** `: T` as written, or as the checker infers it. */
  const typeSuffix = (declared: ts.TypeNode | undefined, infer: () => Type | undefined, enclosing: ts.Node) => {
    if (declared !== undefined) return `: ${fold(declared.getStart(file), declared.getEnd())}`;
    const type = infer();
    return type === undefined ? '' : `: ${printType(type, enclosing)}`;
  };

  const signatureShape = (node: ts.SignatureDeclaration, prefixEnd: number): string => {
    const head =
      node.name === undefined ? fold(node.getStart(file), prefixEnd) : shapeAround(node, node.name, prefixEnd);
    const parametersEnd = closeParameters(node);
    const typeParameters = node.typeParameters;
    const start = typeParameters === undefined ? node.parameters.pos - 1 : typeParameters.pos - 1;
    const signature = fold(start, parametersEnd);
    const returns = typeSuffix(node.type, () => checker.returnTypeOf(node), node);
    return `${head}${signature}${returns}`;
  };

  const addMembers = (container: string, members: readonly ts.Node[]) => {
    for (const member of members) {
      if (ts.isConstructorDeclaration(member)) {
        const shape = `${namePlaceholder}${fold(member.parameters.pos - 1, closeParameters(member))}`;
        add(`${container}.constructor`, 'method', member, shape);
        continue;
      }
      const named = member as ts.NamedDeclaration;
      const name = readMemberName(ts, named.name as ts.PropertyName | undefined);
      if (name === undefined || named.name === undefined) continue;
      const qualified = `${container}.${name}`;
      if (ts.isMethodSignature(member) || ts.isMethodDeclaration(member)) {
        add(qualified, 'method', member, signatureShape(member, member.name.getStart(file)));
      } else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
        add(qualified, 'member', member, signatureShape(member, member.name.getStart(file)));
      } else if (ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) {
        const head = shapeAround(member, member.name, readPostfixEnd(text, member.name.getEnd()));
        const suffix = typeSuffix(member.type, () => checker.typeAt(member.name), member);
        add(qualified, 'member', member, `${head}${suffix}`);
      } else if (ts.isEnumMember(member)) {
        add(qualified, 'member', member, shapeAround(member, member.name, member.getEnd()));
      } else if (ts.isIndexSignatureDeclaration(member)) {
        continue;
      }
    }
  };

  const exportPrefix = (node: ts.Node): string => {
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    if (modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) !== true) return '';
    return modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword) ? 'export default ' : 'export ';
  };

  /** The statement's text from after its modifiers, so `export` is said once, first. */
  const afterModifiers = (node: ts.Node): number => {
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    const last = modifiers?.filter(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword,
    );
    return last === undefined || last.length === 0 ? node.getStart(file) : last[last.length - 1]!.getEnd();
  };

  const headShape = (node: ts.Node, name: ts.Node | undefined, end: number): string => {
    const start = afterModifiers(node);
    const head =
      name === undefined
        ? fold(start, end)
        : joinAroundName(fold(start, name.getStart(file)), fold(name.getEnd(), end));
    return `${exportPrefix(node)}${head}`;
  };

  /** Just past the `)` closing a parameter list (the list itself ends before any trivia). */
  const closeParameters = (node: ts.SignatureDeclaration): number => {
    const close = text.indexOf(')', node.parameters.end);
    return close === -1 ? node.parameters.end : close + 1;
  };

  const functions = new Map<string, { node: ts.FunctionDeclaration; shapes: string[] }>();

  const visitStatements = (statements: readonly ts.Statement[], prefix: string) => {
    for (const statement of statements) {
      if (ts.isInterfaceDeclaration(statement)) {
        const name = prefix + statement.name.text;
        const end = statement.members.pos - 1;
        add(name, 'interface', statement, headShape(statement, statement.name, end));
        addMembers(name, statement.members);
      } else if (ts.isTypeAliasDeclaration(statement)) {
        const name = prefix + statement.name.text;
        const literal = ts.isTypeLiteralNode(statement.type) ? statement.type : undefined;
        const end = literal === undefined ? statement.getEnd() : literal.getStart(file);
        add(
          name,
          'type',
          statement,
          `${headShape(statement, statement.name, end)}${literal === undefined ? '' : ' {…}'}`,
        );
        if (literal !== undefined) addMembers(name, literal.members);
      } else if (ts.isClassDeclaration(statement)) {
        const name = prefix + (statement.name?.text ?? 'default');
        const end = statement.members.pos - 1;
        add(name, 'class', statement, headShape(statement, statement.name, end));
        addMembers(name, statement.members);
      } else if (ts.isFunctionDeclaration(statement)) {
        const name = prefix + (statement.name?.text ?? 'default');
        const head = exportPrefix(statement);
        const shape = `${head}${signatureShape(statement, statement.name?.getStart(file) ?? statement.parameters.pos - 1).replace(/^export (default )?/, '')}`;
        const known = functions.get(name);
        // Overloads: the signatures callers see; an implementation beside them is not one.
        if (known === undefined) functions.set(name, { node: statement, shapes: [shape] });
        else if (statement.body === undefined || known.node.body === undefined) {
          if (known.node.body !== undefined && statement.body === undefined) known.shapes.length = 0;
          if (statement.body === undefined || known.shapes.length === 0) known.shapes.push(shape);
        }
      } else if (ts.isEnumDeclaration(statement)) {
        const name = prefix + statement.name.text;
        add(name, 'enum', statement, headShape(statement, statement.name, statement.members.pos - 1));
        addMembers(name, statement.members);
      } else if (ts.isVariableStatement(statement)) {
        const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name)) continue;
          const suffix = typeSuffix(declaration.type, () => checker.typeAt(declaration.name), declaration);
          add(
            prefix + declaration.name.text,
            'variable',
            declaration,
            `${exportPrefix(statement)}${keyword} ${namePlaceholder}${suffix}`,
          );
        }
      } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) {
        const name = prefix + statement.name.text;
        add(name, 'namespace', statement, headShape(statement, statement.name, statement.name.getEnd()));
        let body = statement.body;
        while (body !== undefined && ts.isModuleDeclaration(body)) body = body.body;
        if (body !== undefined && ts.isModuleBlock(body) && readScopePrefix(ts, body) !== undefined)
          visitStatements(body.statements, `${readScopePrefix(ts, body)}`);
      } else if (ts.isExportDeclaration(statement)) {
        const from = statement.moduleSpecifier === undefined ? '' : ` from ${statement.moduleSpecifier.getText(file)}`;
        const clause = statement.exportClause;
        if (clause === undefined) add(`*${from}`, 'export', statement, `export *${from}`);
        else if (ts.isNamespaceExport(clause))
          add(clause.name.text, 'export', statement, `export * as ${namePlaceholder}${from}`);
        else
          for (const specifier of clause.elements) {
            const local = specifier.propertyName === undefined ? '' : `${specifier.propertyName.getText(file)} as `;
            add(specifier.name.text, 'export', specifier, `export { ${local}${namePlaceholder} }${from}`);
          }
      } else if (ts.isExportAssignment(statement)) {
        const name = statement.isExportEquals === true ? 'export=' : 'default';
        const type = ts.isIdentifier(statement.expression) ? undefined : checker.typeAt(statement.expression);
        const shape = type === undefined ? statement.expression.getText(file) : printType(type, statement);
        add(name, 'export', statement, `export ${statement.isExportEquals === true ? '= ' : 'default '}${shape}`);
      }
    }
  };
  visitStatements(file.statements, '');
  for (const [name, { node, shapes }] of functions) add(name, 'function', node, shapes.join(' ; '));
  return mergeOverloads(rows);
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
