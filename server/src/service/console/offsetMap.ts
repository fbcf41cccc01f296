import type { Span } from '../json/jsonSegment';

/** A stretch of the written text that the expanded text replaces with something else (a variable's value, ...). */
export interface Replacement {
  /** Where it is in the written text. */
  readonly source: Span;
  /** Where what replaces it is in the expanded text. */
  readonly expanded: Span;
}

/**
 * Offsets between a written text and its expansion (variables substituted, `"""` strings turned into JSON strings).
 * Outside the replaced stretches the two texts are the same, shifted; inside one, an offset maps to the edges of the
 * stretch: a diagnostic found in a variable's value points at the whole `${name}`. Diagnostics, hover and completion
 * all map positions through this one class.
 */
export class OffsetMap {
  static readonly IDENTITY = new OffsetMap([]);

  /** Sorted by position, not overlapping. */
  constructor(readonly replacements: readonly Replacement[]) {}

  get identity(): boolean {
    return this.replacements.length === 0;
  }

  /** The last replacement that starts at or before `offset` in the given text. */
  private before(offset: number, side: 'source' | 'expanded'): Replacement | undefined {
    let lo = 0;
    let hi = this.replacements.length - 1;
    let found: Replacement | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const replacement = this.replacements[mid]!;
      if (replacement[side].offset <= offset) {
        found = replacement;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  /**
   * The written offset of an expanded one. Inside a replacement it is the replacement's start (`bias` 'start') or
   * end ('end'), so that a span maps to a span that covers what it came from.
   */
  toSource(offset: number, bias: 'start' | 'end' = 'start'): number {
    const r = this.before(offset, 'expanded');
    if (r === undefined) return offset;
    const end = r.expanded.offset + r.expanded.length;
    if (offset >= end) return r.source.offset + r.source.length + (offset - end);
    if (offset === r.expanded.offset) return r.source.offset;
    return bias === 'start' ? r.source.offset : r.source.offset + r.source.length;
  }

  /** The expanded offset of a written one; inside a replacement, its expanded start (or end with `bias` 'end'). */
  toExpanded(offset: number, bias: 'start' | 'end' = 'start'): number {
    const r = this.before(offset, 'source');
    if (r === undefined) return offset;
    const end = r.source.offset + r.source.length;
    if (offset >= end) return r.expanded.offset + r.expanded.length + (offset - end);
    if (offset === r.source.offset) return r.expanded.offset;
    return bias === 'start' ? r.expanded.offset : r.expanded.offset + r.expanded.length;
  }

  /** The written span of an expanded one (covering every replacement it touches). */
  spanToSource(span: Span): Span {
    const start = this.toSource(span.offset, 'start');
    const end = Math.max(start, this.toSource(span.offset + span.length, span.length === 0 ? 'start' : 'end'));
    return { offset: start, length: end - start };
  }

  /** The replacement whose written stretch holds `offset` strictly inside (not at its edges), if any. */
  replacementAt(offset: number): Replacement | undefined {
    const r = this.before(offset, 'source');
    return r !== undefined && offset > r.source.offset && offset < r.source.offset + r.source.length ? r : undefined;
  }
}
