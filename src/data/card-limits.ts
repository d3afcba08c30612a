/**
 * The bounds of a resolution card's data (src/data/resolution-card.ts), pure so the chat readers
 * and the tests can use them without Foundry loaded.
 */

/** The subtype name, as declared in system.json `documentTypes.ChatMessage`. */
export const CARD_MESSAGE_TYPE = "resolution";

/** The subtype of a side's card under double-blind (src/chat/side-card.ts), as declared in system.json. */
export const SIDE_CARD_TYPE = "sideCard";

/**
 * The most effects a card may carry. The busiest card the rules make (a ground combat over a full
 * stack, an air-war step over every squadron of a zone) carries a few dozen; 2,000 is far above any
 * real turn, and keeps the work a broken card costs every client that renders it to milliseconds.
 */
export const MAX_CARD_EFFECTS = 2000;

/** The longest once-only key (e.g. `orders:<HQ uuid>:<turn>`). */
export const MAX_CARD_KEY = 512;

/**
 * The most holds a card may keep (the subjects it uses up, e.g. `attack:<unit>:<turn>`, see
 * `PostResolutionInput.holds`): a ground combat over a full stack with its cards keeps a dozen.
 */
export const MAX_CARD_HOLDS = 200;

/** The most overrides of its stage a card names (a GM's request, Apply and Undo, each a few times at most). */
export const MAX_CARD_OVERRIDES = 20;

/** A user's id (`requestedBy`), or a scene's (`scene`). */
export const MAX_CARD_USER_ID = 64;

/**
 * The most characters each object part of a card (`display`, `groundCombat`, `records`, `record`)
 * may take as JSON. A record's write plans are a few kilobytes for a real card.
 */
export const MAX_CARD_PART_CHARS = 400_000;

const OBJECT_PARTS = ["display", "groundCombat", "records", "record"] as const;

/** Why the data is out of bounds (a field and its problem), or null. Pure. */
export function cardBoundsProblem(data: Record<string, unknown>): string | null {
  const once = data["once"];
  if (typeof once === "string" && once.length > MAX_CARD_KEY) return `once: longer than ${String(MAX_CARD_KEY)} characters`;
  const holds = data["holds"];
  if (Array.isArray(holds)) {
    if (holds.length > MAX_CARD_HOLDS) return `holds: more than ${String(MAX_CARD_HOLDS)}`;
    const bad = holds.findIndex((h) => typeof h !== "string" || h === "" || h.length > MAX_CARD_KEY);
    if (bad >= 0) return `holds.${String(bad)}: not a subject of 1 to ${String(MAX_CARD_KEY)} characters`;
  }
  const charges = data["charges"];
  if (Array.isArray(charges)) {
    if (charges.length > MAX_CARD_HOLDS) return `charges: more than ${String(MAX_CARD_HOLDS)}`;
    const bad = charges.findIndex((h) => typeof h !== "string" || h === "" || h.length > MAX_CARD_KEY);
    if (bad >= 0) return `charges.${String(bad)}: not a subject of 1 to ${String(MAX_CARD_KEY)} characters`;
  }
  const overrides = data["overrides"];
  if (Array.isArray(overrides) && JSON.stringify(overrides).length > MAX_CARD_OVERRIDES * 200)
    return `overrides: larger than ${String(MAX_CARD_OVERRIDES * 200)} characters`;
  // Control's fields: a sector names at most some fifty HQs; a mark and each ruling a user.
  for (const [field, max] of [
    ["sector", 4000],
    ["marked", 200],
    ["rulings", MAX_CARD_OVERRIDES * 200],
  ] as const) {
    const value = data[field];
    if (value !== undefined && value !== null && JSON.stringify(value).length > max)
      return `${field}: larger than ${String(max)} characters`;
  }
  const by = data["requestedBy"];
  if (typeof by === "string" && by.length > MAX_CARD_USER_ID) return `requestedBy: longer than ${String(MAX_CARD_USER_ID)} characters`;
  const scene = data["scene"];
  if (typeof scene === "string" && scene.length > MAX_CARD_USER_ID) return `scene: longer than ${String(MAX_CARD_USER_ID)} characters`;
  const effects = data["effects"];
  if (Array.isArray(effects)) {
    if (effects.length > MAX_CARD_EFFECTS) return `effects: more than ${String(MAX_CARD_EFFECTS)}`;
    const bad = effects.findIndex((e) => typeof (e as { type?: unknown } | null)?.type !== "string");
    if (bad >= 0) return `effects.${String(bad)}: has no type`;
  }
  for (const part of OBJECT_PARTS) {
    const value = data[part];
    if (value !== null && value !== undefined && JSON.stringify(value).length > MAX_CARD_PART_CHARS)
      return `${part}: larger than ${String(MAX_CARD_PART_CHARS)} characters`;
  }
  return null;
}
