/**
 * The bounds of a resolution card's data (src/data/resolution-card.ts), pure so the chat readers
 * and the tests can use them without Foundry loaded.
 */
import { phrase, type Phrase } from "../rules/resolution";

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

const longer = (field: string, max: number) => phrase("NOBC.Validation.Card.LongerThan", { field, max });
const more = (field: string, max: number) => phrase("NOBC.Validation.Card.MoreThan", { field, max });
const larger = (field: string, max: number) => phrase("NOBC.Validation.Card.LargerThan", { field, max });
const badSubject = (field: string) => phrase("NOBC.Validation.Card.BadSubject", { field, max: MAX_CARD_KEY });

/** Why the data is out of bounds (a field and its problem, as a lang phrase), or null. Pure. */
export function cardBoundsProblem(data: Record<string, unknown>): Phrase | null {
  const once = data["once"];
  if (typeof once === "string" && once.length > MAX_CARD_KEY) return longer("once", MAX_CARD_KEY);
  const holds = data["holds"];
  if (Array.isArray(holds)) {
    if (holds.length > MAX_CARD_HOLDS) return more("holds", MAX_CARD_HOLDS);
    const bad = holds.findIndex((h) => typeof h !== "string" || h === "" || h.length > MAX_CARD_KEY);
    if (bad >= 0) return badSubject(`holds.${String(bad)}`);
  }
  const charges = data["charges"];
  if (Array.isArray(charges)) {
    if (charges.length > MAX_CARD_HOLDS) return more("charges", MAX_CARD_HOLDS);
    const bad = charges.findIndex((h) => typeof h !== "string" || h === "" || h.length > MAX_CARD_KEY);
    if (bad >= 0) return badSubject(`charges.${String(bad)}`);
  }
  const overrides = data["overrides"];
  if (Array.isArray(overrides) && JSON.stringify(overrides).length > MAX_CARD_OVERRIDES * 200)
    return larger("overrides", MAX_CARD_OVERRIDES * 200);
  // Control's fields: a sector names at most some fifty HQs; a mark and each ruling a user.
  for (const [field, max] of [
    ["sector", 4000],
    ["marked", 200],
    ["rulings", MAX_CARD_OVERRIDES * 200],
  ] as const) {
    const value = data[field];
    if (value !== undefined && value !== null && JSON.stringify(value).length > max) return larger(field, max);
  }
  const by = data["requestedBy"];
  if (typeof by === "string" && by.length > MAX_CARD_USER_ID) return longer("requestedBy", MAX_CARD_USER_ID);
  const scene = data["scene"];
  if (typeof scene === "string" && scene.length > MAX_CARD_USER_ID) return longer("scene", MAX_CARD_USER_ID);
  const effects = data["effects"];
  if (Array.isArray(effects)) {
    if (effects.length > MAX_CARD_EFFECTS) return more("effects", MAX_CARD_EFFECTS);
    const bad = effects.findIndex((e) => typeof (e as { type?: unknown } | null)?.type !== "string");
    if (bad >= 0) return phrase("NOBC.Validation.Card.NoType", { field: `effects.${String(bad)}` });
  }
  for (const part of OBJECT_PARTS) {
    const value = data[part];
    if (value !== null && value !== undefined && JSON.stringify(value).length > MAX_CARD_PART_CHARS)
      return larger(part, MAX_CARD_PART_CHARS);
  }
  return null;
}
