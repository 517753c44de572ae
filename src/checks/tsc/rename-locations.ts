/**
 * The sites of a declaration the edit renamed, as an editor's rename finds them: TypeScript's
 * rename provider (`findRenameLocations`, with prefix and suffix text) asked at the old
 * declaration in the program *before* the edit, the work tree with the baseline's text of the
 * files the edit touched laid over it. After the edit the old name resolves to nothing, so the
 * current program can no longer say which `getState` meant the renamed member; the baseline's can.
 *
 * Two things are added to what the provider answers. An import keeps its local name
 * (`import { makeStore }` becomes `import { createStore as makeStore }`, and the file's own uses
 * stay as they are). And string-literal types that name the member as a key of its type, which
 * the provider leaves (`Pick<StoreApi<T>, 'getState'>`, `Omit<…>`, a key checked with
 * `K extends keyof T`), are sites too.
 */
import type ts from 'typescript';
import { join } from 'node:path';
import type { RenameAnswer, RenameRequest } from '../check-definition.js';
import type { RenameSite } from '../../core/fix/rename-sites.js';
import { makeRepoPath } from '../output/repo-path.js';
import { resolveConfigPath } from './config-path.js';
import type { TscOptions } from './index.js';
import { makeLanguageService, type FileOverlay } from './language-service.js';
import { loadProjects, makeConfigParser } from './projects.js';
import { findMemberContainer, nameDeclaration } from '../typescript/declaration-names.js';
import { findNode } from '../typescript/trace-dependencies.js';
import { loadClassicTypescript } from '../typescript/classic-typescript.js';

type TypeScript = typeof ts;

export function findTscRenameLocations(request: RenameRequest<TscOptions>): Promise<RenameAnswer[]> {
  // TypeScript 7 has no rename provider culprit can ask; TypeScript 6 beside it has.
  const classic = loadClassicTypescript(request.root);
  if (classic.ts === undefined)
    return Promise.resolve(request.renames.map(() => ({ reason: `no rename provider: ${classic.reason}` })));
  const ts = classic.ts;
  const parser = makeConfigParser(ts);
  const projects = loadProjects(ts, resolveConfigPath(request.root, request.options.project), parser);
  const overlay: FileOverlay = new Map(
    Object.entries(request.baseFiles).map(([path, text]): [string, string | null] => [
      ts.sys.resolvePath(join(request.root, path)),
      text,
    ]),
  );
  const made: ts.LanguageService[] = [];
  const services = projects.map((project) => {
    let service: ts.LanguageService | undefined;
    return () => {
      if (service === undefined) made.push((service = makeLanguageService(ts, project, parser, overlay)));
      return service;
    };
  });
  const toRepoPath = makeRepoPath(request.root);
  try {
    return Promise.resolve(
      request.renames.map((rename): RenameAnswer => {
        const file = ts.sys.resolvePath(join(request.root, rename.path));
        const found = new Map<string, RenameSite>();
        let declared = false;
        for (const serviceOf of services) {
          const service = serviceOf();
          const program = service.getProgram();
          const source = program?.getSourceFile(file);
          if (program === undefined || source === undefined) continue;
          const declaration = findDeclaration(ts, source, rename.symbol);
          if (declaration === undefined) continue;
          declared = true;
          const sites = listRenameSites(ts, service, program, declaration, rename.to, toRepoPath);
          for (const site of sites) found.set(`${site.path}\0${site.start}`, site);
        }
        if (!declared)
          return { reason: `the baseline's program has no declaration ${rename.symbol} in ${rename.path}` };
        return { sites: [...found.values()] };
      }),
    );
  } finally {
    for (const service of made) service.dispose();
  }
}

/** The declaration a table names `symbol` in the file: its name node (an identifier, or a string literal). */
function findDeclaration(ts: TypeScript, file: ts.SourceFile, symbol: string): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    const name = (node as ts.NamedDeclaration).name;
    if (
      name !== undefined &&
      (ts.isIdentifier(name) || ts.isStringLiteral(name)) &&
      nameDeclaration(ts, node) === symbol
    ) {
      found = name;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}

function listRenameSites(
  ts: TypeScript,
  service: ts.LanguageService,
  program: ts.Program,
  name: ts.Node,
  to: string,
  toRepoPath: (path: string) => string,
): RenameSite[] {
  const file = name.getSourceFile();
  const start = ts.isStringLiteral(name) ? name.getStart(file) + 1 : name.getStart(file);
  const newName = to.slice(to.lastIndexOf('.') + 1);
  const oldName = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';
  const locations =
    service.findRenameLocations(file.fileName, start, false, false, { providePrefixAndSuffixTextForRename: true }) ??
    [];
  const checker = program.getTypeChecker();
  const sites: RenameSite[] = [];
  // Imports that keep their local name, by file: the alias symbol whose uses are left as they are.
  const keptLocals = new Map<string, ts.Symbol>();
  const nodes = locations.map((location) => {
    const source = program.getSourceFile(location.fileName);
    const span = location.textSpan;
    const node = source === undefined ? undefined : findNode(ts, source, span.start, span.start + span.length);
    if (node !== undefined && source !== undefined && source !== file && isBareImport(ts, node)) {
      const local = checker.getSymbolAtLocation(node);
      if (local !== undefined) keptLocals.set(source.fileName, local);
    }
    return node;
  });
  locations.forEach((location, index) => {
    if (isOutside(program, location.fileName)) return;
    const node = nodes[index];
    const local = keptLocals.get(location.fileName);
    let text = `${location.prefixText ?? ''}${newName}${location.suffixText ?? ''}`;
    if (node !== undefined && local !== undefined) {
      if (isBareImport(ts, node)) text = `${newName} as ${oldName}`;
      else if (refersTo(ts, checker, node, local)) return;
    }
    const span = location.textSpan;
    sites.push({ path: toRepoPath(location.fileName), start: span.start, end: span.start + span.length, text });
  });
  const member = findMemberContainer(ts, name.parent);
  if (member !== undefined && oldName !== '') {
    const target = checker.getSymbolAtLocation(name);
    const container = checker.getSymbolAtLocation(member.name ?? name);
    if (target !== undefined && container !== undefined)
      sites.push(...listKeyLiterals(ts, program, checker, { oldName, newName, target, container }, toRepoPath));
  }
  return sites;
}

/** `{ getState }` in `import { getState } from …`: an import without `as`. */
function isBareImport(ts: TypeScript, node: ts.Node): boolean {
  return ts.isIdentifier(node) && ts.isImportSpecifier(node.parent) && node.parent.propertyName === undefined;
}

/** Whether an identifier (or a shorthand property's value) resolves to `symbol`. */
function refersTo(ts: TypeScript, checker: ts.TypeChecker, node: ts.Node, symbol: ts.Symbol): boolean {
  if (ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node)
    return checker.getShorthandAssignmentValueSymbol(node.parent) === symbol;
  return checker.getSymbolAtLocation(node) === symbol;
}

/** A file the edit cannot be about: a package's or the standard library's. */
function isOutside(program: ts.Program, fileName: string): boolean {
  const source = program.getSourceFile(fileName);
  return (
    source === undefined ||
    program.isSourceFileFromExternalLibrary(source) ||
    program.isSourceFileDefaultLibrary(source) ||
    fileName.includes('/node_modules/')
  );
}

interface KeyedMember {
  oldName: string;
  newName: string;
  /** The renamed member's symbol, and its container's (`StoreApi`), in the baseline's program. */
  target: ts.Symbol;
  container: ts.Symbol;
}

/**
 * String-literal types naming the member as a key of a type that has it: a type argument at a
 * parameter the generic uses as a key of another parameter (`K extends keyof T`, `T[K]`,
 * `Exclude<keyof T, K>`: Pick, Omit, a `Get<T, K>`), where that other argument is a type whose
 * member of that name is the renamed one, or, when the checker cannot say (a type still
 * generic), a type built from the member's container.
 */
function listKeyLiterals(
  ts: TypeScript,
  program: ts.Program,
  checker: ts.TypeChecker,
  member: KeyedMember,
  toRepoPath: (path: string) => string,
): RenameSite[] {
  const sites: RenameSite[] = [];
  const quoted = [`'${member.oldName}'`, `"${member.oldName}"`];
  for (const source of program.getSourceFiles()) {
    if (isOutside(program, source.fileName) || !quoted.some((text) => source.text.includes(text))) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isLiteralTypeNode(node) &&
        ts.isStringLiteral(node.literal) &&
        node.literal.text === member.oldName &&
        namesKeyOf(ts, checker, node, member)
      ) {
        const start = node.literal.getStart(source) + 1;
        sites.push({
          path: toRepoPath(source.fileName),
          start,
          end: start + member.oldName.length,
          text: member.newName,
        });
        return;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(source, visit);
  }
  return sites;
}

function namesKeyOf(ts: TypeScript, checker: ts.TypeChecker, literal: ts.Node, member: KeyedMember): boolean {
  let argument: ts.Node = literal;
  while (ts.isUnionTypeNode(argument.parent) || ts.isParenthesizedTypeNode(argument.parent)) argument = argument.parent;
  const reference = argument.parent;
  if (!(ts.isTypeReferenceNode(reference) || ts.isExpressionWithTypeArguments(reference))) return false;
  const typeArguments = reference.typeArguments ?? [];
  const index = typeArguments.findIndex((node) => node === argument);
  if (index === -1) return false;
  const named = ts.isTypeReferenceNode(reference) ? reference.typeName : reference.expression;
  let generic = checker.getSymbolAtLocation(ts.isQualifiedName(named) ? named.right : named);
  if (generic !== undefined && (generic.flags & ts.SymbolFlags.Alias) !== 0)
    generic = checker.getAliasedSymbol(generic);
  const declaration = generic?.declarations?.find(
    (node): node is ts.TypeAliasDeclaration | ts.InterfaceDeclaration | ts.ClassDeclaration =>
      ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node),
  );
  const parameters = declaration?.typeParameters;
  if (declaration === undefined || parameters === undefined) return false;
  const objectIndex = findKeyedParameter(ts, declaration, parameters, index);
  const object = objectIndex === undefined ? undefined : typeArguments[objectIndex];
  if (object === undefined) return false;
  const type = checker.getTypeFromTypeNode(object);
  const property =
    checker.getPropertyOfType(type, member.oldName) ??
    checker.getPropertyOfType(checker.getApparentType(type), member.oldName);
  if (property !== undefined) return checker.getRootSymbols(property).includes(member.target);
  // Still generic (a conditional or mapped type over a parameter): a type built from the member's container.
  return mentionsSymbol(ts, checker, object, member.container);
}

/**
 * The index of the type parameter that parameter `keyIndex` is a key of, in the generic's own
 * declaration: `K extends keyof T` as its constraint or in a conditional type, `T[K]`, or
 * `Exclude<keyof T, K>`; undefined when it is used as no key.
 */
function findKeyedParameter(
  ts: TypeScript,
  declaration: ts.Node,
  parameters: ts.NodeArray<ts.TypeParameterDeclaration>,
  keyIndex: number,
): number | undefined {
  const key = parameters[keyIndex];
  if (key === undefined) return undefined;
  const parameterOf = (node: ts.Node | undefined): number | undefined => {
    if (node === undefined || !ts.isTypeReferenceNode(node) || !ts.isIdentifier(node.typeName)) return undefined;
    const name = node.typeName.text;
    const index = parameters.findIndex((parameter) => parameter.name.text === name);
    return index === -1 ? undefined : index;
  };
  const keyOf = (node: ts.Node | undefined): number | undefined =>
    node !== undefined && ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword
      ? parameterOf(node.type)
      : undefined;
  const fromConstraint = keyOf(key.constraint);
  if (fromConstraint !== undefined) return fromConstraint;
  let found: number | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (ts.isConditionalTypeNode(node) && parameterOf(node.checkType) === keyIndex) found = keyOf(node.extendsType);
    else if (ts.isIndexedAccessTypeNode(node) && parameterOf(node.indexType) === keyIndex)
      found = parameterOf(node.objectType);
    else if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      (node.typeName.text === 'Exclude' || node.typeName.text === 'Extract') &&
      parameterOf(node.typeArguments?.[1]) === keyIndex
    )
      found = keyOf(node.typeArguments?.[0]);
    if (found === undefined) ts.forEachChild(node, visit);
  };
  ts.forEachChild(declaration, visit);
  return found;
}

/** Whether a type node refers to `symbol` anywhere in it (`Mutate<StoreApi<T>, Mis>` mentions `StoreApi`). */
function mentionsSymbol(ts: TypeScript, checker: ts.TypeChecker, node: ts.Node, symbol: ts.Symbol): boolean {
  let found = false;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (ts.isTypeReferenceNode(child)) {
      const name = ts.isQualifiedName(child.typeName) ? child.typeName.right : child.typeName;
      let referenced = checker.getSymbolAtLocation(name);
      if (referenced !== undefined && (referenced.flags & ts.SymbolFlags.Alias) !== 0)
        referenced = checker.getAliasedSymbol(referenced);
      if (referenced === symbol) {
        found = true;
        return;
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}
