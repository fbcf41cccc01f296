import type { Position } from 'vscode-languageserver-types';

/**
 * Offsets to positions and back for one text. Lines end as the LSP says they do: at `\n`, `\r\n` or a lone `\r`
 * (a file with only `\r` line ends is as many lines as an editor shows, not one).
 */
export class LineMap {
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    if (!text.includes('\r')) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineStart(line: number): number {
    return this.starts[Math.min(Math.max(line, 0), this.starts.length - 1)]!;
  }

  /** The text of a line, without its line end (the `\r` of a `\r\n` stays). */
  line(line: number): string {
    const start = this.lineStart(line);
    const end = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
    return this.text.slice(start, end);
  }

  positionAt(offset: number): Position {
    const clamped = Math.min(Math.max(offset, 0), this.text.length);
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.starts[lo]! };
  }

  offsetAt(position: Position): number {
    const start = this.lineStart(position.line);
    const lineText = this.line(position.line);
    return start + Math.min(Math.max(position.character, 0), lineText.length);
  }
}
