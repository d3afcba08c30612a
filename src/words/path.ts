/** A zod issue's path as a user reads it, e.g. `system.weapons[0].name`; empty for the whole value. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}
