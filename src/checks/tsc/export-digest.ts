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

export function makeExportDigester(
  ts: TypeScript,
  program: ts.Program,
  mayChange: (fileName: string) => boolean,
): ExportDigester {
  const checker = program.getTypeChecker();
  const typeOfSymbol = (symbol: ts.Symbol): ts.Type =>
    typeof checker.getTypeOfSymbol === 'function'
      ? checker.getTypeOfSymbol(symbol)
      : checker.getTypeOfSymbolAtLocation(
          symbol,
          symbol.valueDeclaration ?? symbol.declarations?.[0] ?? program.getSourceFiles()[0]!,
        );
  const { TypeFlags, ObjectFlags, SymbolFlags, SignatureKind } = ts;
  const simpleFlags =
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
    TypeFlags.BooleanLiteral;

  const touchesChange = (declarations: readonly ts.Node[] | undefined): boolean =>
    declarations?.some((declaration) => mayChange(declaration.getSourceFile().fileName)) ?? false;

  return (file) => {
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (moduleSymbol === undefined) return undefined;
    const parts: string[] = [];
    const typeIds = new Map<ts.Type, number>();
    const seenModules = new Set<ts.Symbol>();

    const declarationsOf = (symbol: ts.Symbol) => {
      for (const declaration of symbol.declarations ?? []) {
        parts.push(`d${declaration.kind}`, declaration.getSourceFile().fileName);
        if (mayChange(declaration.getSourceFile().fileName) && ts.canHaveModifiers(declaration)) {
          parts.push(`m${ts.getCombinedModifierFlags(declaration)}`);
        }
      }
      if (touchesChange(symbol.declarations)) {
        for (const tag of symbol.getJsDocTags(checker)) parts.push(`@${tag.name}`, ts.displayPartsToString(tag.text));
      }
    };

    const describeSymbol = (symbol: ts.Symbol) => {
      const target = symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      parts.push('S', symbol.name, String(target.flags));
      declarationsOf(target);
      if (target.flags & SymbolFlags.Value) describeType(typeOfSymbol(target));
      if (target.flags & SymbolFlags.Type) describeType(checker.getDeclaredTypeOfSymbol(target));
      if (target.flags & (SymbolFlags.Namespace | SymbolFlags.ValueModule) && !seenModules.has(target)) {
        seenModules.add(target);
        // Interfaces and aliases inside a namespace are not members of its value's type.
        for (const member of checker.getExportsOfModule(target)) describeSymbol(member);
      }
    };

    const describeSignature = (signature: ts.Signature) => {
      parts.push('sig');
      for (const parameter of signature.getTypeParameters() ?? []) describeType(parameter);
      const thisParameter = signature.thisParameter;
      if (thisParameter !== undefined) describeType(typeOfSymbol(thisParameter));
      for (const parameter of signature.getParameters()) {
        const declaration = parameter.valueDeclaration;
        const optional =
          declaration !== undefined && ts.isParameter(declaration) && checker.isOptionalParameter(declaration);
        const rest =
          declaration !== undefined && ts.isParameter(declaration) && declaration.dotDotDotToken !== undefined;
        parts.push('p', parameter.name, optional ? '?' : '', rest ? '...' : '');
        describeType(typeOfSymbol(parameter));
      }
      describeType(checker.getReturnTypeOfSignature(signature));
      const predicate = checker.getTypePredicateOfSignature(signature);
      if (predicate !== undefined) {
        parts.push('is', String(predicate.kind), String(predicate.parameterIndex ?? ''));
        if (predicate.type !== undefined) describeType(predicate.type);
      }
      if (touchesChange(signature.declaration === undefined ? undefined : [signature.declaration])) {
        for (const tag of signature.getJsDocTags()) parts.push(`@${tag.name}`, ts.displayPartsToString(tag.text));
      }
    };

    const describeMembers = (type: ts.Type) => {
      for (const property of checker.getPropertiesOfType(type)) {
        parts.push('.', property.name, String(property.flags));
        declarationsOf(property);
        describeType(typeOfSymbol(property));
      }
      for (const kind of [SignatureKind.Call, SignatureKind.Construct]) {
        for (const signature of checker.getSignaturesOfType(type, kind)) describeSignature(signature);
      }
      for (const info of checker.getIndexInfosOfType(type)) {
        parts.push('[]', info.isReadonly ? 'r' : '');
        describeType(info.keyType);
        describeType(info.type);
      }
      if ((type as ts.ObjectType).objectFlags & ObjectFlags.ClassOrInterface) {
        for (const base of checker.getBaseTypes(type as ts.InterfaceType)) describeType(base);
      }
    };

    const describeObject = (type: ts.ObjectType) => {
      const objectFlags = type.objectFlags;
      if (objectFlags & ObjectFlags.Reference) {
        const reference = type as ts.TypeReference;
        if (reference.target !== type) {
          describeType(reference.target);
          for (const argument of checker.getTypeArguments(reference)) describeType(argument);
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
        if (!instantiated && !touchesChange(symbol.declarations)) {
          // Declared where nothing changed, and not made from type arguments that may have.
          for (const declaration of symbol.declarations ?? []) parts.push(declaration.getSourceFile().fileName);
          return;
        }
      }
      describeMembers(type);
    };

    const describeType = (type: ts.Type): void => {
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
        for (const argument of type.aliasTypeArguments ?? []) describeType(argument);
      }
      if (flags & simpleFlags) parts.push(checker.typeToString(type), (type as InternalType).intrinsicName ?? '');
      else if (flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BigIntLiteral)) {
        const value = (type as ts.LiteralType).value;
        parts.push(
          typeof value === 'object' ? `${value.negative ? '-' : ''}${value.base10Value}n` : JSON.stringify(value),
        );
        if (flags & TypeFlags.EnumLiteral) parts.push(type.getSymbol()?.name ?? '');
      } else if (flags & TypeFlags.UniqueESSymbol) {
        const symbol = type.getSymbol();
        parts.push(
          symbol?.name ?? '',
          ...(symbol?.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName),
        );
      } else if (flags & TypeFlags.UnionOrIntersection) {
        for (const member of (type as ts.UnionOrIntersectionType).types) describeType(member);
      } else if (flags & TypeFlags.TypeParameter) {
        parts.push(type.getSymbol()?.name ?? '');
        const constraint = type.getConstraint();
        if (constraint !== undefined) describeType(constraint);
        const fallback = type.getDefault();
        if (fallback !== undefined) describeType(fallback);
      } else if (flags & TypeFlags.Index) describeType((type as ts.IndexType).type);
      else if (flags & TypeFlags.IndexedAccess) {
        describeType((type as ts.IndexedAccessType).objectType);
        describeType((type as ts.IndexedAccessType).indexType);
      } else if (flags & TypeFlags.TemplateLiteral) {
        const template = type as ts.TemplateLiteralType;
        parts.push(JSON.stringify(template.texts));
        for (const member of template.types) describeType(member);
      } else if (flags & TypeFlags.StringMapping) {
        parts.push(type.getSymbol()?.name ?? '');
        describeType((type as ts.StringMappingType).type);
      } else if (flags & TypeFlags.Substitution) {
        describeType((type as ts.SubstitutionType).baseType);
        describeType((type as ts.SubstitutionType).constraint);
      } else if (flags & TypeFlags.Conditional) {
        // Its branches are only syntax; spelled by name they can hide a change.
        const conditional = type as ts.ConditionalType;
        if (mayChange(conditional.root.node.getSourceFile().fileName)) throw new VolatileDigest();
        parts.push(checker.typeToString(conditional, undefined, ts.TypeFormatFlags.NoTruncation));
        describeType(conditional.checkType);
        describeType(conditional.extendsType);
      } else if (flags & TypeFlags.Object) describeObject(type as ts.ObjectType);
      else if (touchesChange(type.getSymbol()?.declarations ?? type.aliasSymbol?.declarations))
        throw new VolatileDigest();
      else parts.push(checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation));
    };

    try {
      // `export =`: importers see that symbol itself.
      const assigned = moduleSymbol.exports?.get(ts.InternalSymbolName.ExportEquals);
      if (assigned !== undefined) describeSymbol(assigned);
      for (const symbol of checker.getExportsOfModule(moduleSymbol)) describeSymbol(symbol);
    } catch (error) {
      if (!(error instanceof VolatileDigest)) throw error;
      volatileCount += 1;
      return `volatile ${volatileCount}`;
    }
    return createHash('sha1').update(parts.join('\u0000')).digest('hex');
  };
}
