/**
 * A side's card under double-blind (issue #30 item 3, option D of docs/decisions/hidden-information.md):
 * from a resolution's card data and what the side knows (`sideView`), the card that side's players are
 * whispered. Every client receives every message, so the card is *built* with the side's content only:
 * its own lines and changes in full, the enemy's lines as one total (in full only where they name
 * pieces the side has identified), the outcome both may see, and every enemy document named as the side
 * knows it (its counter's face, "an enemy unit at 0712", or "an enemy unit"). It holds no document id at
 * all: the side's own documents are named, never referred to. Pure: the caller reads the world.
 */
import type { Effect } from "../rules/effects";
import type { Side } from "../rules/nobc/land/types";
import type { Sight } from "../rules/nobc/knowledge/view";
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import { phrase, type BreakdownLine, type Phrase, type PhraseArg } from "../rules/resolution";
import { touchedDocuments } from "../rules/effects";
import { describeEffect } from "../view/breakdown";
import { speak, type Wording } from "../words/phrase";
import { groundCombatHeadline } from "./ground-combat-text";
import type { CardBreakdownLine, CardState } from "./card-data";

export { SIDE_CARD_TYPE } from "../data/card-limits";

/** What kind of document a name stands for: how an enemy one is called when the side does not know it. */
export type SideDocKind = "piece" | "card" | "squadron" | "airbase";

/** A world document a card may name, as the GM's client reads it: its UUID, side, name and kind. */
export interface SideDoc {
  readonly ref: string;
  readonly side: Side;
  readonly name: string;
  readonly kind: SideDocKind;
}

/** What the GM's card holds that a side card is made from. */
export interface SideCardSource {
  /** The procedure's name, in the poster's words (e.g. "Ground combat on hex 0304"). */
  readonly title: string;
  readonly breakdown: readonly CardBreakdownLine[];
  readonly rolls: readonly number[];
  readonly noTotal?: boolean;
  /** The table row read, in the poster's words (the CRT band and column). */
  readonly tableRow?: string;
  readonly effects: readonly Effect[];
  readonly groundCombat?: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome };
  /** The side that acted (attacked, moved, flew); the other is the side it touched. */
  readonly acting: Side;
  /** What a move found of the enemy, as the acting side knows it after the move: shown to the acting side only. */
  readonly found?: Phrase;
}

/** One breakdown line of a side card: a phrase with no id in it. */
export interface SideCardLine {
  readonly text: Phrase;
  readonly value: number;
  readonly source: string;
}

/** A side card's content (kept in its message's `system.view`, rendered by templates/chat/side-card.hbs). */
export interface SideCardView {
  readonly title: string;
  /** What happened, as this side may read it. */
  readonly outcome: Phrase;
  readonly lines: readonly SideCardLine[];
  /** The enemy's lines this side may not read one by one: their sum and how many (none: no such line). */
  readonly enemyTotal: { readonly value: number; readonly count: number } | null;
  /** The score (every line's sum, the enemy's included); null when the lines are not one score. */
  readonly total: number | null;
  readonly rolls: readonly number[];
  readonly tableRow: string;
  /** The changes this side may read, one phrase each. */
  readonly changes: readonly Phrase[];
  /** Whether this side acted (else the card touched it). */
  readonly acting: boolean;
  /** What the move found of the enemy (the acting side's card only); absent: nothing, or not this side's to read. */
  readonly found?: Phrase;
}

/** A side card's system data: whose it is, the link to the GMs' card (a random key, no document id), its state, its view. */
export interface SideCardData {
  readonly side: Side;
  readonly link: string;
  readonly state: CardState;
  readonly view: SideCardView;
}

/** The changes to an enemy document a side reads: what the fighting did to it, the outcome both see. */
const ENEMY_OUTCOMES: ReadonlySet<Effect["type"]> = new Set<Effect["type"]>([
  "hits",
  "eliminated",
  "retreat",
  "hqLevel",
  "hqCardsLost",
  "airbaseHits",
  "squadronBox",
  "targetHits",
]);

/** Whose a ground combat's breakdown line is, by its lang key: the attacker's, the defender's; any other is both sides'. */
const COMBAT_LINE_PARTY: Readonly<Record<string, "attacker" | "defender">> = {
  "NOBC.Rules.Land.Combat.CasAttacker": "attacker",
  "NOBC.Rules.Land.Combat.CardAttacker": "attacker",
  "NOBC.Rules.Land.Combat.EngineerBridges": "attacker",
  "NOBC.Rules.Land.Combat.AdvanceCard": "attacker",
  "NOBC.Rules.Land.Combat.CasDefender": "defender",
  "NOBC.Rules.Land.Combat.CardDefender": "defender",
  "NOBC.Rules.Land.Combat.AdjacentDefender": "defender",
};

/** The label of an enemy document the side does not know, by kind. */
const UNKNOWN_LABEL: Readonly<Record<SideDocKind, string>> = {
  piece: "NOBC.SideCard.EnemyUnit",
  card: "NOBC.SideCard.EnemyCard",
  squadron: "NOBC.SideCard.EnemySquadron",
  airbase: "NOBC.SideCard.EnemyAirbase",
};

/** A document's UUID in a text ("Actor.a1", "Actor.a1.Item.c2", "Scene.s1.Token.t1"): a card names, it never refers. */
const UUID_IN_TEXT =
  /(?<![\p{L}\p{N}.])(?:Actor|Item|Scene|JournalEntry|Combat|Macro|User|ChatMessage|Folder)\.[A-Za-z0-9]+(?:\.[A-Z][A-Za-z]*\.[A-Za-z0-9]+)*/gu;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The last part of a UUID (`Actor.a1.Item.c2` → `c2`): a document's own id. */
const idOf = (ref: string): string => ref.slice(ref.lastIndexOf(".") + 1);

/** How one side names the world's documents: its own by name, the enemy's as it knows them; never by id. */
export class SideNames {
  readonly #side: Side;
  readonly #docs: ReadonlyMap<string, SideDoc>;
  readonly #sights: ReadonlyMap<string, Sight>;
  readonly #words: Wording;
  /** Every id and every unidentified enemy name, longest first, as one pattern (matched between word boundaries). */
  readonly #secrets: RegExp | null;
  readonly #bySecret = new Map<string, SideDoc>();
  /** Every document by its true name (the enemy's identified ones too): which documents a line names. */
  readonly #byName = new Map<string, SideDoc>();

  constructor(side: Side, docs: readonly SideDoc[], sights: ReadonlyMap<string, Sight>, words: Wording) {
    this.#side = side;
    this.#docs = new Map(docs.map((d) => [d.ref, d]));
    this.#sights = sights;
    this.#words = words;
    for (const d of docs) {
      this.#bySecret.set(d.ref, d);
      this.#bySecret.set(idOf(d.ref), d);
      if (d.name === "") continue;
      // Where two documents share a name, the enemy's counts: a line naming it is read as naming the enemy.
      if (d.side !== side || !this.#byName.has(d.name)) this.#byName.set(d.name, d);
      if (d.side === side) continue;
      if (this.#identified(d.ref) === undefined) this.#bySecret.set(d.name, d);
    }
    const keys = [...this.#bySecret.keys()].filter((k) => k !== "").sort((a, b) => b.length - a.length);
    this.#secrets =
      keys.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${keys.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "gu");
  }

  /** The face name of an enemy piece the side has identified, else undefined. */
  #identified(ref: string): string | undefined {
    const sight = this.#sights.get(ref);
    return sight?.kind === "counter" ? sight.face.name : undefined;
  }

  /** Whether `ref` is an enemy document. */
  isEnemy(ref: string): boolean {
    const doc = this.#docs.get(ref);
    return doc !== undefined && doc.side !== this.#side;
  }

  /** Whether `ref` is an enemy piece this side has identified. */
  identified(ref: string): boolean {
    return this.isEnemy(ref) && this.#identified(ref) !== undefined;
  }

  /** A document as this side names it: its own by name; the enemy's by face, as a contact, or as "an enemy unit". */
  label(ref: string): PhraseArg {
    const doc = this.#docs.get(ref);
    if (doc === undefined) return phrase("NOBC.SideCard.Unnamed");
    if (doc.side === this.#side) return doc.name;
    const sight = this.#sights.get(ref);
    if (sight?.kind === "counter") return sight.face.name;
    if (sight?.kind === "contact") return phrase("NOBC.SideCard.ContactAt", { hex: sight.hex });
    return phrase(UNKNOWN_LABEL[doc.kind]);
  }

  /** `label` as text, in the poster's words. */
  labelText(ref: string): string {
    const label = this.label(ref);
    return typeof label === "string" ? label : typeof label === "number" ? String(label) : speak(label, this.#words);
  }

  /** Text with every id, and every name of an enemy document the side has not identified, put as the side names it. */
  text(value: string): string {
    const named =
      this.#secrets === null
        ? value
        : value.replace(this.#secrets, (hit) => {
            const doc = this.#bySecret.get(hit);
            return doc === undefined ? hit : this.labelText(doc.ref);
          });
    // A UUID of a document the card does not know of (no side read for it) is no one's to read.
    return named.replace(UUID_IN_TEXT, () => speak(phrase("NOBC.SideCard.Unnamed"), this.#words));
  }

  /** A phrase argument as this side may read it: a document's UUID (or a list of them) by its label, any other text through `text`. */
  arg(value: PhraseArg): PhraseArg {
    if (typeof value === "number") return value;
    if (typeof value !== "string") return this.phrase(value);
    if (this.#docs.has(value)) return this.label(value);
    const parts = value.split(", ");
    if (parts.length > 1 && parts.every((p) => this.#docs.has(p))) return parts.map((p) => this.labelText(p)).join(", ");
    const doc = this.#bySecret.get(value);
    if (doc !== undefined) return this.label(doc.ref);
    return this.text(value);
  }

  /** A phrase with every argument through `arg`. */
  phrase(p: Phrase): Phrase {
    if (p.data === undefined) return p;
    const data: Record<string, PhraseArg> = {};
    for (const [k, v] of Object.entries(p.data)) data[k] = this.arg(v);
    return phrase(p.key, data);
  }

  /** The documents a phrase names (by UUID or by name), each once. */
  named(p: Phrase): SideDoc[] {
    const out = new Map<string, SideDoc>();
    const visit = (arg: PhraseArg): void => {
      if (typeof arg === "number") return;
      if (typeof arg !== "string") {
        for (const v of Object.values(arg.data ?? {})) visit(v);
        return;
      }
      // The whole text first: a name may hold ", " itself ("2nd Bde, 3rd Armd Div"); else each of a list's parts.
      for (const part of [arg, ...arg.split(", ")]) {
        const doc = this.#docs.get(part) ?? this.#bySecret.get(part) ?? this.#byName.get(part);
        if (doc !== undefined) out.set(doc.ref, doc);
      }
    };
    visit(p);
    return [...out.values()];
  }
}

/**
 * Whose a breakdown line is: a side, or null for both. A ground combat's by its lang key; any line by
 * the documents it names: all of one side, that side's; none, or of both sides, both sides' (the odds,
 * the terrain, the die, one squadron firing at another).
 */
function lineOwner(line: BreakdownLine, source: SideCardSource, named: readonly SideDoc[]): Side | null {
  const combat = source.groundCombat;
  const party = combat === undefined ? undefined : COMBAT_LINE_PARTY[line.text.key];
  if (combat !== undefined && party !== undefined) return party === "attacker" ? combat.plan.attackerSide : combat.plan.defenderSide;
  const sides = new Set(named.map((d) => d.side));
  return sides.size === 1 ? [...sides][0]! : null;
}

/** A legacy line (its label in the poster's words) as a phrase line: only cards posted before phrases have them. */
function asLine(line: CardBreakdownLine): BreakdownLine {
  return "text" in line ? line : { text: phrase("NOBC.SideCard.Written", { text: line.label }), value: line.value, source: line.source };
}

/** The changes `side` may read: its own (and those naming no document) in full; the enemy's outcome only, as the side names them. */
function sideChanges(source: SideCardSource, side: Side, names: SideNames): Phrase[] {
  const out: Phrase[] = [];
  for (const effect of source.effects) {
    const [ref] = touchedDocuments([effect]);
    if (ref === undefined ? side !== source.acting : names.isEnemy(ref) && !ENEMY_OUTCOMES.has(effect.type)) continue;
    out.push(names.phrase(describeEffect(effect, (r) => r)));
  }
  return out;
}

/** The headline: a ground combat's result with the defenders as this side names them; else the first change and how many more. */
function sideOutcome(source: SideCardSource, changes: readonly Phrase[], names: SideNames): Phrase {
  const combat = source.groundCombat;
  if (combat !== undefined) {
    // Pieces the side does not tell apart are named once ("an enemy unit holds", not "an enemy unit, an enemy unit hold").
    const seen = new Set<string>();
    const defenders = combat.plan.defenders
      .map((d) => ({ ...d, name: names.labelText(d.id) }))
      .filter((d) => {
        const key = `${String(d.immune)}:${d.name}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    return names.phrase(groundCombatHeadline({ defenders, target: combat.plan.target }, combat.outcome));
  }
  const [first] = changes;
  if (first === undefined) return phrase("NOBC.SideCard.NoChange");
  return changes.length === 1 ? first : phrase("NOBC.Chat.Title.MoreChanges", { first, count: changes.length - 1 });
}

/**
 * The card `side` reads of a resolution: made from `source` and what the side knows (`sights`: its
 * `sideView(...).enemies`), naming the world's documents (`docs`) as `SideNames` does. `words` writes
 * the few texts kept in the poster's words (the title, the table row, a list of names).
 */
export function sideCardView(
  source: SideCardSource,
  side: Side,
  sights: ReadonlyMap<string, Sight>,
  docs: readonly SideDoc[],
  words: Wording,
): SideCardView {
  const names = new SideNames(side, docs, sights, words);
  const lines: SideCardLine[] = [];
  let enemyValue = 0;
  let enemyCount = 0;
  for (const stored of source.breakdown) {
    const line = asLine(stored);
    const named = names.named(line.text);
    const owner = lineOwner(line, source, named);
    // An enemy line is read in full only when every document it names is a piece the side has identified.
    const readable = owner === null || owner === side || (named.length > 0 && named.every((d) => names.identified(d.ref)));
    if (readable) lines.push({ text: names.phrase(line.text), value: line.value, source: names.text(line.source) });
    else {
      enemyValue += line.value;
      enemyCount++;
    }
  }
  const changes = sideChanges(source, side, names);
  const all = source.breakdown.reduce((sum, line) => sum + line.value, 0);
  return {
    title: names.text(source.title),
    outcome: sideOutcome(source, changes, names),
    lines,
    enemyTotal: enemyCount === 0 ? null : { value: enemyValue, count: enemyCount },
    total: source.noTotal === true ? null : all,
    rolls: [...source.rolls],
    tableRow: names.text(source.tableRow ?? ""),
    changes,
    acting: side === source.acting,
    ...(side === source.acting && source.found !== undefined ? { found: names.phrase(source.found) } : {}),
  };
}

/**
 * The sides a card concerns: the side that acted, and the side of every document its changes or its
 * ground combat touch (`sideOf`: a document's side, null for none known).
 */
export function concernedSides(
  source: Pick<SideCardSource, "acting" | "effects" | "groundCombat">,
  sideOf: (ref: string) => Side | null,
): Side[] {
  const sides = new Set<Side>([source.acting]);
  for (const ref of touchedDocuments(source.effects)) {
    const s = sideOf(ref);
    if (s !== null) sides.add(s);
  }
  const combat = source.groundCombat;
  if (combat !== undefined) {
    sides.add(combat.plan.attackerSide);
    if (combat.plan.defenders.length > 0) sides.add(combat.plan.defenderSide);
  }
  return (["nato", "wp"] as const).filter((s) => sides.has(s));
}
