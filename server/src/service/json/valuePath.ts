import type { JsonPath } from './jsonSegment';

/**
 * A place inside a JSON value as a walk over the value reaches it: the key or index taken last, and the place it was
 * taken from. Going one level deeper makes one small object and copies nothing; the list of keys from the root (what
 * positions are looked up by) is made only when a place is reported, which is rare next to the places visited.
 */
export class ValuePath {
  /** The value itself. */
  static readonly ROOT = new ValuePath(undefined, '', 0);

  protected constructor(
    private readonly parent: ValuePath | undefined,
    private readonly last: string | number,
    /** How many keys lead here from the root. */
    readonly length: number,
  ) {}

  /**
   * This place, with its child `key` found at `to`: for a member a parser reads from elsewhere than under its name (a
   * range field's options written as an object inside a list are read as the field's object).
   */
  withChildAt(key: string | number, to: ValuePath): ValuePath {
    return new ForwardingPath(this.parent, this.last, this.length, key, to);
  }

  /** The place of a key or an index inside this one. */
  child(key: string | number): ValuePath {
    return new ValuePath(this, key, this.length + 1);
  }

  /** A place given by its keys from the root. */
  static of(...keys: readonly (string | number)[]): ValuePath {
    let path = ValuePath.ROOT;
    for (let i = 0; i < keys.length; i++) path = path.child(keys[i]!);
    return path;
  }

  /** The key `back` steps up from this place (0: the last key); undefined above the root. */
  key(back = 0): string | number | undefined {
    if (this.length === 0) return undefined;
    return back === 0 ? this.last : this.parent!.key(back - 1);
  }

  /** The keys from the root to this place. */
  keys(): (string | number)[] {
    const out = new Array<string | number>(this.length);
    this.fill(out);
    return out;
  }

  private fill(out: (string | number)[]): void {
    if (this.length === 0) return;
    out[this.length - 1] = this.last;
    this.parent!.fill(out);
  }
}

/** A place whose child of one key is another place (ValuePath.withChildAt). */
class ForwardingPath extends ValuePath {
  constructor(
    parent: ValuePath | undefined,
    last: string | number,
    length: number,
    private readonly from: string | number,
    private readonly to: ValuePath,
  ) {
    super(parent, last, length);
  }

  override child(key: string | number): ValuePath {
    return key === this.from ? this.to : super.child(key);
  }
}

/** Either way of naming a place: the list of keys, or a place a walk reached. */
export type AnyPath = JsonPath | ValuePath;

export function pathKeys(path: AnyPath): JsonPath {
  return path instanceof ValuePath ? path.keys() : path;
}
