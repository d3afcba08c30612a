// vitest 5's reporter calls Map.groupBy, which Node 20 lacks (it arrived in Node 21). Without this,
// a failing test crashes the reporter instead of printing the failure. Loaded by the vitest configs.
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;
const MapWithGroupBy = Map as unknown as { groupBy?: GroupBy };
if (typeof MapWithGroupBy.groupBy !== "function") {
  MapWithGroupBy.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
}
export {};
