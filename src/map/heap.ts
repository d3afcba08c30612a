/**
 * A binary min-heap of items by a numeric key: push and pop in O(log n). The route searches use it
 * as their priority queue (with lazy deletion: an item may be pushed again with a better key, and
 * the caller skips the stale copy when it comes out). Equal keys come out in no promised order.
 */
export class MinHeap<T> {
  private readonly keys: number[] = [];
  private readonly items: T[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, item: T): void {
    const { keys, items } = this;
    let i = keys.length;
    keys.push(key);
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      items[i] = items[parent]!;
      i = parent;
    }
    keys[i] = key;
    items[i] = item;
  }

  /** The smallest key without removing it; undefined when empty. */
  peekKey(): number | undefined {
    return this.keys[0];
  }

  /** Removes and returns the item with the smallest key; undefined when empty. */
  pop(): T | undefined {
    const { keys, items } = this;
    if (keys.length === 0) return undefined;
    const top = items[0];
    const lastKey = keys.pop()!;
    const lastItem = items.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child = right < n && keys[right]! < keys[left]! ? right : left;
        if (keys[child]! >= lastKey) break;
        keys[i] = keys[child]!;
        items[i] = items[child]!;
        i = child;
      }
      keys[i] = lastKey;
      items[i] = lastItem;
    }
    return top;
  }
}
