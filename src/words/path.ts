/**
 * The most characters of one key a path shows; a longer one is cut, with an ellipsis. A record's key
 * is a UUID or a hex at most, so only a forged one is longer, and its path must not be as long as it.
 */
export const MAX_PATH_KEY = 256;

function keyName(key: PropertyKey): string {
  const name = String(key);
  return name.length > MAX_PATH_KEY ? `${name.slice(0, MAX_PATH_KEY)}…` : name;
}

/** A zod issue's path as a user reads it, e.g. `system.weapons[0].name`; empty for the whole value. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${keyName(key)}` : keyName(key)),
    "",
  );
}
