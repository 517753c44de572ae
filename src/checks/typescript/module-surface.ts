/**
 * What a module's importers can see of it, as text: the file with the bodies of its functions
 * left out where the signature alone decides the function's type (a declared return type; a
 * constructor; a setter). An edit that leaves this text as it was changed only code no importer's
 * types depend on, so neither an importer's compiler findings nor its type-aware lint findings
 * can change. A body of a function whose return type is inferred stays in: editing it can change
 * what importers see. Anything else (a comment, an initialiser, a type) stays in too, so every
 * doubt counts as a change. Read through the shared syntax view, so it works on TypeScript 6's
 * and 7's trees alike.
 */
import type ts from 'typescript';
import type { Syntax } from './checker-view.js';

export function readModuleSurface(syntax: Syntax, file: ts.SourceFile): string {
  const { text } = file;
  const parts: string[] = [];
  let at = 0;
  const visit = (node: ts.Node): void => {
    const body = syntax.isFunctionLike(node) ? (node as ts.FunctionLikeDeclaration).body : undefined;
    if (body?.kind === syntax.SyntaxKind.Block && isTypedBySignature(syntax, node)) {
      parts.push(text.slice(at, body.pos), '{}');
      at = body.end;
      return;
    }
    syntax.forEachChild(node, visit);
  };
  syntax.forEachChild(file, visit);
  parts.push(text.slice(at));
  return parts.join('');
}

function isTypedBySignature(syntax: Syntax, node: ts.Node): boolean {
  const { SyntaxKind } = syntax;
  if (node.kind === SyntaxKind.Constructor || node.kind === SyntaxKind.SetAccessor) return true;
  return (node as ts.SignatureDeclaration).type !== undefined;
}
