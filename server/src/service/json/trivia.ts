import { SyntaxKind } from 'jsonc-parser';

/** Whitespace, line breaks and comments: what a JSON parser skips between tokens. */
export function isTrivia(kind: SyntaxKind): boolean {
  return (
    kind === SyntaxKind.Trivia ||
    kind === SyntaxKind.LineBreakTrivia ||
    kind === SyntaxKind.LineCommentTrivia ||
    kind === SyntaxKind.BlockCommentTrivia
  );
}
