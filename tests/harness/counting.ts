/**
 * Operation counts for the scale tests: a list or a record that counts how often its entries are
 * read. A test compares the counts at two sizes to show an operation grows linearly; it never times.
 */

/** A read-only view of `items` counting the reads of its elements (by index, as loops and `find` read them). */
export function countedList<T>(items: readonly T[]): { readonly list: readonly T[]; readonly reads: () => number } {
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

/** A view of a record counting the lookups of its keys (`record[key]`, `key in record`). */
export function countedRecord<T extends object>(record: T): { readonly record: T; readonly reads: () => number } {
  let reads = 0;
  const counted = new Proxy(record, {
    get(target, key, receiver) {
      if (typeof key === "string") reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      reads++;
      return Reflect.has(target, key);
    },
  });
  return { record: counted, reads: () => reads };
}
