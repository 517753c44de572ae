/**
 * What a module shows the files that import it, as a digest: every export with its kind, its
 * modifiers and JSDoc tags, and its type spelled out structurally (members, signatures, index
 * signatures, type arguments, literal values), because an importer's type-aware lint rules look
 * through a name into what it names. Two digests of one module are equal only if an importer
 * sees the same types through it.
 *
 * Spelling every type out would walk the whole standard library, so a type is spelled out only
 * where it could have changed: a class or interface declared only in files outside `mayChange`
 * (files that do not import a changed file, even through others) is named with its declaring
 * files instead; its type arguments are still spelled out. A kind of type this cannot spell out
 * and that comes from a file that may have changed makes the digest volatile: unequal to any
 * other, so the importers are linted again. Over-reporting costs a re-lint; under-reporting would
 * leave a stale finding, so every doubt goes the first way.
 */
import { createHash } from 'node:crypto';
import type ts from 'typescript';

type TypeScript = typeof ts;

/** Digest of a module's exports; undefined for a file that is not a module (a script, JSON): its declarations are global. */
export type ExportDigester = (file: ts.SourceFile) => string | undefined;

/** Past this many types in one module's digest, it is volatile: describing it costs more than linting its importers again. */
const typeBudget = 20_000;

let volatileCount = 0;

class VolatileDigest extends Error {}

interface InternalType extends ts.Type {
  intrinsicName?: string;
}

/** What every digest of one program asks: the checker, and which files may have changed. */
interface DigestContext {
  readonly ts: TypeScript;
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  readonly mayChange: (fileName: string) => boolean;
  /** Types spelled by the checker's name for them: nothing inside them can change. */
  readonly simpleFlags: number;
}

/** One module's digest under way: its parts, and the types and modules already spelled out. */
interface DigestState extends DigestContext {
  readonly parts: string[];
  readonly typeIds: Map<ts.Type, number>;
  readonly seenModules: Set<ts.Symbol>;
}

export function makeExportDigester(
  ts: TypeScript,
  program: ts.Program,
  mayChange: (fileName: string) => boolean,
): ExportDigester {
  const { TypeFlags } = ts;
  const context: DigestContext = {
    ts,
    program,
    checker: program.getTypeChecker(),
    mayChange,
    simpleFlags:
      TypeFlags.Any |
      TypeFlags.Unknown |
      TypeFlags.String |
      TypeFlags.Number |
      TypeFlags.Boolean |
      TypeFlags.BigInt |
      TypeFlags.Void |
      TypeFlags.Undefined |
      TypeFlags.Null |
      TypeFlags.Never |
      TypeFlags.ESSymbol |
      TypeFlags.NonPrimitive |
      TypeFlags.BooleanLiteral,
  };
  return (file) => digestExports(context, file);
}

function digestExports(context: DigestContext, file: ts.SourceFile): string | undefined {
  const moduleSymbol = context.checker.getSymbolAtLocation(file);
  if (moduleSymbol === undefined) return undefined;
  const state: DigestState = { ...context, parts: [], typeIds: new Map(), seenModules: new Set() };
  try {
    // `export =`: importers see that symbol itself.
    const assigned = moduleSymbol.exports?.get(context.ts.InternalSymbolName.ExportEquals);
    if (assigned !== undefined) describeSymbol(state, assigned);
    for (const symbol of context.checker.getExportsOfModule(moduleSymbol)) describeSymbol(state, symbol);
  } catch (error) {
    if (!(error instanceof VolatileDigest)) throw error;
    volatileCount += 1;
    return `volatile ${volatileCount}`;
  }
  return createHash('sha1').update(state.parts.join('\u0000')).digest('hex');
}

function typeOfSymbol(state: DigestState, symbol: ts.Symbol): ts.Type {
  const { checker } = state;
  return typeof checker.getTypeOfSymbol === 'function'
    ? checker.getTypeOfSymbol(symbol)
    : checker.getTypeOfSymbolAtLocation(
        symbol,
        symbol.valueDeclaration ?? symbol.declarations?.[0] ?? state.program.getSourceFiles()[0]!,
      );
}

function touchesChange(state: DigestState, declarations: readonly ts.Node[] | undefined): boolean {
  return declarations?.some((declaration) => state.mayChange(declaration.getSourceFile().fileName)) ?? false;
}

function describeDeclarations(state: DigestState, symbol: ts.Symbol): void {
  const { ts, parts } = state;
  for (const declaration of symbol.declarations ?? []) {
    parts.push(`d${declaration.kind}`, declaration.getSourceFile().fileName);
    if (state.mayChange(declaration.getSourceFile().fileName) && ts.canHaveModifiers(declaration)) {
      parts.push(`m${ts.getCombinedModifierFlags(declaration)}`);
    }
  }
  if (touchesChange(state, symbol.declarations)) {
    for (const tag of symbol.getJsDocTags(state.checker)) parts.push(`@${tag.name}`, ts.displayPartsToString(tag.text));
  }
}

function describeSymbol(state: DigestState, symbol: ts.Symbol): void {
  const { checker } = state;
  const { SymbolFlags } = state.ts;
  const target = symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  state.parts.push('S', symbol.name, String(target.flags));
  describeDeclarations(state, target);
  if (target.flags & SymbolFlags.Value) describeType(state, typeOfSymbol(state, target));
  if (target.flags & SymbolFlags.Type) describeType(state, checker.getDeclaredTypeOfSymbol(target));
  if (target.flags & (SymbolFlags.Namespace | SymbolFlags.ValueModule) && !state.seenModules.has(target)) {
    state.seenModules.add(target);
    // Interfaces and aliases inside a namespace are not members of its value's type.
    for (const member of checker.getExportsOfModule(target)) describeSymbol(state, member);
  }
}

function describeSignature(state: DigestState, signature: ts.Signature): void {
  const { ts, checker, parts } = state;
  parts.push('sig');
  for (const parameter of signature.getTypeParameters() ?? []) describeType(state, parameter);
  const thisParameter = signature.thisParameter;
  if (thisParameter !== undefined) describeType(state, typeOfSymbol(state, thisParameter));
  for (const parameter of signature.getParameters()) {
    const declaration = parameter.valueDeclaration;
    const optional =
      declaration !== undefined && ts.isParameter(declaration) && checker.isOptionalParameter(declaration);
    const rest = declaration !== undefined && ts.isParameter(declaration) && declaration.dotDotDotToken !== undefined;
    parts.push('p', parameter.name, optional ? '?' : '', rest ? '...' : '');
    describeType(state, typeOfSymbol(state, parameter));
  }
  describeType(state, checker.getReturnTypeOfSignature(signature));
  const predicate = checker.getTypePredicateOfSignature(signature);
  if (predicate !== undefined) {
    parts.push('is', String(predicate.kind), String(predicate.parameterIndex ?? ''));
    if (predicate.type !== undefined) describeType(state, predicate.type);
  }
  if (touchesChange(state, signature.declaration === undefined ? undefined : [signature.declaration])) {
    for (const tag of signature.getJsDocTags()) parts.push(`@${tag.name}`, ts.displayPartsToString(tag.text));
  }
}

function describeMembers(state: DigestState, type: ts.Type): void {
  const { checker, parts } = state;
  const { SignatureKind, ObjectFlags } = state.ts;
  for (const property of checker.getPropertiesOfType(type)) {
    parts.push('.', property.name, String(property.flags));
    describeDeclarations(state, property);
    describeType(state, typeOfSymbol(state, property));
  }
  for (const kind of [SignatureKind.Call, SignatureKind.Construct]) {
    for (const signature of checker.getSignaturesOfType(type, kind)) describeSignature(state, signature);
  }
  for (const info of checker.getIndexInfosOfType(type)) {
    parts.push('[]', info.isReadonly ? 'r' : '');
    describeType(state, info.keyType);
    describeType(state, info.type);
  }
  if ((type as ts.ObjectType).objectFlags & ObjectFlags.ClassOrInterface) {
    for (const base of checker.getBaseTypes(type as ts.InterfaceType)) describeType(state, base);
  }
}

function describeObject(state: DigestState, type: ts.ObjectType): void {
  const { ObjectFlags } = state.ts;
  const { parts } = state;
  const objectFlags = type.objectFlags;
  if (objectFlags & ObjectFlags.Reference) {
    const reference = type as ts.TypeReference;
    if (reference.target !== type) {
      describeType(state, reference.target);
      for (const argument of state.checker.getTypeArguments(reference)) describeType(state, argument);
      return;
    }
  }
  if (objectFlags & ObjectFlags.Tuple) {
    const tuple = type as ts.TupleType;
    parts.push('tuple', tuple.elementFlags.join(','), tuple.readonly ? 'r' : '');
  }
  const symbol = type.getSymbol();
  const instantiated =
    (objectFlags & (ObjectFlags.Instantiated | ObjectFlags.Mapped | ObjectFlags.ReverseMapped)) !== 0;
  if (symbol !== undefined) {
    parts.push(symbol.name);
    if (!instantiated && !touchesChange(state, symbol.declarations)) {
      // Declared where nothing changed, and not made from type arguments that may have.
      for (const declaration of symbol.declarations ?? []) parts.push(declaration.getSourceFile().fileName);
      return;
    }
  }
  describeMembers(state, type);
}

function describeType(state: DigestState, type: ts.Type): void {
  const { ts, checker, parts, typeIds } = state;
  const { TypeFlags } = ts;
  const seen = typeIds.get(type);
  if (seen !== undefined) {
    parts.push(`#${seen}`);
    return;
  }
  if (typeIds.size >= typeBudget) throw new VolatileDigest();
  typeIds.set(type, typeIds.size);
  const flags = type.flags;
  parts.push(`T${flags}`);
  if (type.aliasSymbol !== undefined) {
    parts.push('alias', type.aliasSymbol.name);
    for (const argument of type.aliasTypeArguments ?? []) describeType(state, argument);
  }
  if (flags & state.simpleFlags) parts.push(checker.typeToString(type), (type as InternalType).intrinsicName ?? '');
  else if (flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BigIntLiteral)) {
    const value = (type as ts.LiteralType).value;
    parts.push(typeof value === 'object' ? `${value.negative ? '-' : ''}${value.base10Value}n` : JSON.stringify(value));
    if (flags & TypeFlags.EnumLiteral) parts.push(type.getSymbol()?.name ?? '');
  } else if (flags & TypeFlags.UniqueESSymbol) {
    const symbol = type.getSymbol();
    parts.push(
      symbol?.name ?? '',
      ...(symbol?.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName),
    );
  } else if (flags & TypeFlags.UnionOrIntersection) {
    for (const member of (type as ts.UnionOrIntersectionType).types) describeType(state, member);
  } else if (flags & TypeFlags.TypeParameter) {
    parts.push(type.getSymbol()?.name ?? '');
    const constraint = type.getConstraint();
    if (constraint !== undefined) describeType(state, constraint);
    const fallback = type.getDefault();
    if (fallback !== undefined) describeType(state, fallback);
  } else if (flags & TypeFlags.Index) describeType(state, (type as ts.IndexType).type);
  else if (flags & TypeFlags.IndexedAccess) {
    describeType(state, (type as ts.IndexedAccessType).objectType);
    describeType(state, (type as ts.IndexedAccessType).indexType);
  } else if (flags & TypeFlags.TemplateLiteral) {
    const template = type as ts.TemplateLiteralType;
    parts.push(JSON.stringify(template.texts));
    for (const member of template.types) describeType(state, member);
  } else if (flags & TypeFlags.StringMapping) {
    parts.push(type.getSymbol()?.name ?? '');
    describeType(state, (type as ts.StringMappingType).type);
  } else if (flags & TypeFlags.Substitution) {
    describeType(state, (type as ts.SubstitutionType).baseType);
    describeType(state, (type as ts.SubstitutionType).constraint);
  } else if (flags & TypeFlags.Conditional) {
    // Its branches are only syntax; spelled by name they can hide a change.
    const conditional = type as ts.ConditionalType;
    if (state.mayChange(conditional.root.node.getSourceFile().fileName)) throw new VolatileDigest();
    parts.push(checker.typeToString(conditional, undefined, ts.TypeFormatFlags.NoTruncation));
    describeType(state, conditional.checkType);
    describeType(state, conditional.extendsType);
  } else if (flags & TypeFlags.Object) describeObject(state, type as ts.ObjectType);
  else if (touchesChange(state, type.getSymbol()?.declarations ?? type.aliasSymbol?.declarations))
    throw new VolatileDigest();
  else parts.push(checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation));
}
