/**
 * Plain snapshots of the world's documents for the turn: units, squadrons and support cards for
 * the stage entry effects, and the HQ combatants' rows for the tracker (who moves first, the HQs
 * by side). Reads stored system data only.
 */
import type { turn } from "../rules/index";
import { ECHELONS, type Echelon } from "../rules/nobc/land/types";

/** The members of an Item the snapshots read. */
export interface ItemLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
}

/** The members of an Actor the snapshots read. */
export interface ActorLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
  readonly items?: Iterable<ItemLike>;
}

type Raw = Record<string, unknown>;

function cardOf(item: ItemLike): turn.TurnCardSnapshot | null {
  if (item.type !== "supportCard") return null;
  const assignedTo = (item.system as Raw)["assignedTo"];
  return { id: item.uuid, assignedTo: typeof assignedTo === "string" && assignedTo !== "" ? assignedTo : null };
}

/** Units, squadrons, every support card (in an actor's hand, or a world item), and the river hexsides holding engineers left. */
export function turnSnapshot(
  actors: Iterable<ActorLike>,
  items: Iterable<ItemLike> = [],
  engineersLeft: readonly string[] = [],
): turn.TurnSnapshot {
  const units: turn.TurnUnitSnapshot[] = [];
  const squadrons: turn.TurnSquadronSnapshot[] = [];
  const cards: turn.TurnCardSnapshot[] = [];
  const addCards = (from: Iterable<ItemLike>): void => {
    for (const item of from) {
      const card = cardOf(item);
      if (card !== null) cards.push(card);
    }
  };
  for (const actor of actors) {
    const s = actor.system as Raw;
    if (actor.type === "unit") {
      units.push({
        id: actor.uuid,
        size: s["size"] as turn.TurnUnitSnapshot["size"],
        arm: s["arm"] as turn.TurnUnitSnapshot["arm"],
        mode: s["mode"] as turn.TurnUnitSnapshot["mode"],
        movementPoints: s["movementPoints"] as number,
        noMove: s["noMove"] === true,
      });
    } else if (actor.type === "airSquadron") {
      squadrons.push({ id: actor.uuid, box: s["box"] as turn.TurnSquadronSnapshot["box"] });
    }
    addCards(actor.items ?? []);
  }
  addCards(items);
  return { units, squadrons, cards, engineersLeft };
}

/** An HQ in the turn, as the tracker lists it. */
export interface HqRow {
  readonly combatantId: string;
  readonly uuid: string;
  readonly name: string;
  readonly side: "nato" | "wp";
  readonly echelon: Echelon;
  readonly level: { readonly value: number; readonly max: number };
  readonly radius: number;
  /** Support cards in its hand. */
  readonly cards: number;
  readonly initiative: boolean;
}

/** The members of a Combatant the rows read; `actor` is null when its actor was deleted. */
export interface CombatantLike {
  readonly id: string | null;
  readonly actor: (ActorLike & { readonly name: string }) | null;
}

/** The stored echelon; the data model's default (corps) when it holds none. */
function echelonOf(value: unknown): Echelon {
  return (ECHELONS as readonly unknown[]).includes(value) ? (value as Echelon) : "corps";
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** One row per combatant whose actor is an HQ (others, and combatants whose actor is gone, are left out). */
export function hqRows(combatants: Iterable<CombatantLike>): HqRow[] {
  const rows: HqRow[] = [];
  for (const c of combatants) {
    const actor = c.actor;
    if (actor?.type !== "hq" || c.id === null) continue;
    const s = actor.system as Raw;
    const level = (s["level"] ?? {}) as Raw;
    rows.push({
      combatantId: c.id,
      uuid: actor.uuid,
      name: actor.name,
      side: s["side"] === "wp" ? "wp" : "nato",
      echelon: echelonOf(s["echelon"]),
      level: { value: count(level["value"]), max: count(level["max"]) },
      radius: count(s["radius"]),
      cards: [...(actor.items ?? [])].filter((i) => i.type === "supportCard").length,
      initiative: s["initiative"] === true,
    });
  }
  return rows;
}
