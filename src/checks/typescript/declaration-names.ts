/**
 * How a declaration is named in a declaration table and in the references findings carry: the
 * file's own top-level declarations by name (`RateCard`, `ns.Config` inside a namespace), their
 * members after a dot (`RateCard.price`, `Color.Red`, `Store.constructor`). The table reader and
 * the dependency tracer name declarations through here, so a reference always meets its row.
 */
import type ts from 'typescript';
import type { Syntax } from './checker-view.js';

/** A member's name as written, when it is a plain one (an identifier, a string or a number); computed names have none. */
export function readMemberName(ts: Syntax, name: ts.PropertyName | ts.BindingName | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
    return name.text;
  return undefined;
}

/** The prefix of a declaration directly in a file or a namespace body: '' at top level, `ns.` in `namespace ns`. */
export function readScopePrefix(ts: Syntax, parent: ts.Node): string | undefined {
  if (ts.isSourceFile(parent)) return '';
  if (!ts.isModuleBlock(parent)) return undefined;
  const names: string[] = [];
  let module: ts.Node = parent.parent;
  while (ts.isModuleDeclaration(module)) {
    if (!ts.isIdentifier(module.name)) return undefined;
    names.unshift(module.name.text);
    const outer: ts.Node = module.parent;
    if (ts.isModuleDeclaration(outer)) {
      module = outer;
      continue;
    }
    if (ts.isModuleBlock(outer)) {
      const prefix = readScopePrefix(ts, outer);
      return prefix === undefined ? undefined : `${prefix}${names.join('.')}.`;
    }
    return ts.isSourceFile(outer) ? `${names.join('.')}.` : undefined;
  }
  return undefined;
}

/** Whether a node is one of the statements a table lists by name. */
function isNamedStatement(
  ts: Syntax,
  node: ts.Node,
): node is
  | ts.InterfaceDeclaration
  | ts.TypeAliasDeclaration
  | ts.ClassDeclaration
  | ts.FunctionDeclaration
  | ts.EnumDeclaration
  | ts.ModuleDeclaration {
  return (
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node)
  );
}

/**
 * The qualified name a table gives a declaration, or undefined when the table does not list it
 * (a local, a parameter, a member of an anonymous type). A default-exported function or class
 * without a name is `default`.
 */
export function nameDeclaration(ts: Syntax, declaration: ts.Node): string | undefined {
  if (isNamedStatement(ts, declaration)) {
    const prefix = readScopePrefix(ts, declaration.parent);
    if (prefix === undefined) return undefined;
    const name =
      declaration.name === undefined
        ? 'default'
        : ts.isIdentifier(declaration.name)
          ? declaration.name.text
          : ts.isStringLiteral(declaration.name)
            ? declaration.name.text
            : undefined;
    return name === undefined ? undefined : prefix + name;
  }
  if (ts.isVariableDeclaration(declaration)) {
    const statement = declaration.parent.parent;
    if (!ts.isIdentifier(declaration.name) || !ts.isVariableStatement(statement)) return undefined;
    const prefix = readScopePrefix(ts, statement.parent);
    return prefix === undefined ? undefined : prefix + declaration.name.text;
  }
  if (ts.isParameter(declaration)) return undefined;
  const container = findMemberContainer(ts, declaration);
  if (container === undefined) return undefined;
  const containerName = nameDeclaration(ts, container);
  const member = ts.isConstructorDeclaration(declaration)
    ? 'constructor'
    : readMemberName(ts, (declaration as ts.NamedDeclaration).name as ts.PropertyName | undefined);
  return containerName === undefined || member === undefined ? undefined : `${containerName}.${member}`;
}

/** The interface, class, enum or object type alias whose member `declaration` is. */
export function findMemberContainer(
  ts: Syntax,
  declaration: ts.Node,
): ts.InterfaceDeclaration | ts.ClassDeclaration | ts.EnumDeclaration | ts.TypeAliasDeclaration | undefined {
  if (
    !ts.isPropertySignature(declaration) &&
    !ts.isMethodSignature(declaration) &&
    !ts.isPropertyDeclaration(declaration) &&
    !ts.isMethodDeclaration(declaration) &&
    !ts.isGetAccessorDeclaration(declaration) &&
    !ts.isSetAccessorDeclaration(declaration) &&
    !ts.isConstructorDeclaration(declaration) &&
    !ts.isEnumMember(declaration)
  )
    return undefined;
  const parent = declaration.parent;
  if (ts.isInterfaceDeclaration(parent) || ts.isClassDeclaration(parent) || ts.isEnumDeclaration(parent)) return parent;
  if (ts.isTypeLiteralNode(parent) && ts.isTypeAliasDeclaration(parent.parent) && parent.parent.type === parent)
    return parent.parent;
  return undefined;
}
