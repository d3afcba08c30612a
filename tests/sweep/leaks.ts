/**
 * The double-blind sweep (issue #30): what one side may not know of the enemy's pieces, and where any
 * of it turns up in what reached that side's client. Reusable for any sweep of a player's client (a
 * message's JSON, rendered HTML, a refusal, a dialog context): build the secrets once from the truth
 * and the side's view, then look through each thing the client holds.
 *
 * For every enemy document: its UUID and its id are never allowed (a side's card names, it never
 * refers). For an enemy piece the side has not identified: its name; for one it does not even know
 * as a contact: also its hex (unless allowed: a hex the side knows for another reason, say the hex it
 * attacked); and its strength, unless the side was shown it.
 */
import type { Sight } from "../../src/rules/nobc/knowledge/view";
import type { Side } from "../../src/rules/nobc/land/types";

/** A world document as the sweep reads the truth: its UUID, side and name; a piece's hex and strength. */
export interface TruthDoc {
  readonly ref: string;
  readonly side: Side;
  readonly name: string;
  readonly hex?: string;
  readonly strength?: number;
}

/** One thing the side may not read, and what it is of. */
export interface Secret {
  readonly of: string;
  readonly what: "uuid" | "id" | "name" | "hex" | "strength";
  /** The pattern it is found by. */
  readonly pattern: RegExp;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `text` standing alone: not inside a longer word or number. */
const whole = (text: string, flags = "u"): RegExp => new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, flags);

export interface SecretsOptions {
  /** Hexes the side knows for a reason of its own (the hex it attacked, its own pieces' hexes). */
  readonly allowedHexes?: readonly string[];
}

/** What `side` may not read of the enemy's documents, given what it knows (`sights`: its `sideView(...).enemies`). */
export function secretsFor(
  truth: readonly TruthDoc[],
  side: Side,
  sights: ReadonlyMap<string, Sight>,
  options: SecretsOptions = {},
): Secret[] {
  const allowed = new Set([
    ...(options.allowedHexes ?? []),
    ...truth.filter((d) => d.side === side && d.hex !== undefined).map((d) => d.hex!),
  ]);
  const out: Secret[] = [];
  for (const doc of truth) {
    if (doc.side === side) continue;
    const sight = sights.get(doc.ref);
    out.push({ of: doc.ref, what: "uuid", pattern: whole(doc.ref) });
    out.push({ of: doc.ref, what: "id", pattern: whole(doc.ref.slice(doc.ref.lastIndexOf(".") + 1)) });
    if (sight?.kind !== "counter" && doc.name !== "") out.push({ of: doc.ref, what: "name", pattern: whole(doc.name, "iu") });
    if (sight === undefined && doc.hex !== undefined && doc.hex !== "" && !allowed.has(doc.hex))
      out.push({ of: doc.ref, what: "hex", pattern: whole(doc.hex) });
    const shown = sight?.kind === "counter" ? sight.strength?.value : undefined;
    if (doc.strength !== undefined && shown !== doc.strength)
      // A strength is found next to its name or its key ("strength": 4, "Strength 4"), not as any number.
      out.push({ of: doc.ref, what: "strength", pattern: new RegExp(`strength\\W{1,4}${doc.strength}(?!\\d)`, "iu") });
  }
  return out;
}

/** Each secret found in `data` (its JSON, or the text itself), as "<what> of <ref>: …<context>…". Empty: nothing leaks. */
export function findLeaks(data: unknown, secrets: readonly Secret[]): string[] {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  const out: string[] = [];
  for (const secret of secrets) {
    const hit = secret.pattern.exec(text);
    if (hit !== null)
      out.push(`${secret.what} of ${secret.of}: …${text.slice(Math.max(0, hit.index - 40), hit.index + hit[0].length + 40)}…`);
  }
  return out;
}

/** A message as a player's client holds it: everything of it that reached the browser. */
export function messageWire(message: {
  content?: unknown;
  system?: unknown;
  flags?: unknown;
  speaker?: unknown;
  whisper?: unknown;
  type?: unknown;
}): unknown {
  return {
    type: message.type,
    content: message.content,
    system: message.system,
    flags: message.flags,
    speaker: message.speaker,
    whisper: message.whisper,
  };
}
