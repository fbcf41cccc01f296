// Snippet syntax helpers (tab stops `$1`, `${1:text}`, `${1|a,b|}`; `$`, `}` and `\\` escaped).

/** Snippet escaping for literal text. */
export function snippetText(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

/** Renumbers a snippet's tab stops by `by` (except `$0`), to nest it in another. */
export function shiftSnippet(snippet: string, by: number): string {
  return snippet.replace(
    /(\\.)|\$(\d+)|\$\{(\d+)/g,
    (all, escaped: string | undefined, bare?: string, braced?: string) => {
      if (escaped !== undefined) return all;
      const n = Number(bare ?? braced);
      if (n === 0) return all;
      return bare !== undefined ? `$${n + by}` : `\${${n + by}`;
    },
  );
}
