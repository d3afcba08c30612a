/**
 * What the NQM procedures read: the world's NQM units (Actor `nqmUnit`) with their system data, the
 * NQM units of the tokens this client has selected, and whether the reader is a GM. The one Foundry
 * read of the area; everything else works on this plain world.
 */
import { isGM, worldActors, type AskingUser } from "../../base/foundry";
import { phrase, type Phrase } from "../../rules/resolution";
import { nqmHourlySupplyCheck, nqmRestoringDiscipline } from "../../base/settings";
import type { NqmUnitSystemView } from "../../view/views";
import type { TargetStand } from "../../rules/nqm/volley";
import type { WeightClass } from "../../rules/nqm/firefight-table";
import { nqmTargetClass } from "../../data/nqm-classes";

export interface NqmUnitView {
  /** The actor's UUID. */
  readonly id: string;
  readonly name: string;
  readonly system: NqmUnitSystemView;
}

export interface NqmWorld {
  readonly isGM: boolean;
  readonly units: readonly NqmUnitView[];
  /** The NQM units of the selected tokens, in the order selected. */
  readonly selected: readonly string[];
  /** The optional rule "Restoring Discipline" is in play (world setting). */
  readonly restoringDiscipline?: boolean;
  /** The optional rule "hourly supply check" is in play (world setting). */
  readonly hourlySupplyCheck?: boolean;
}

interface ActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

interface TokenLike {
  readonly actor?: { readonly uuid: string; readonly type: string } | null;
}

/** The NQM units of the tokens this client has selected. */
function selectedNqmUnits(): string[] {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: readonly TokenLike[] } | null } }).canvas;
  return (board?.tokens?.controlled ?? []).flatMap((t) => (t.actor?.type === "nqmUnit" ? [t.actor.uuid] : []));
}

/** A unit's system data as the procedures read it, its derived values worked out here (not trusted from the source). */
export function nqmSystemView(s: NqmUnitSystemView): NqmUnitSystemView {
  return {
    side: s.side,
    grade: s.grade,
    green: s.green,
    kind: s.kind,
    strength: { value: s.strength.value, max: s.strength.max },
    combatUnits: s.combatUnits,
    weight: s.weight,
    armour: s.armour,
    protection: s.protection,
    pins: { red: s.pins.red, black: s.pins.black },
    disorganised: s.disorganised,
    disorganisedHours: s.disorganisedHours,
    harassedHours: s.harassedHours,
    broken: s.broken,
    surrendered: s.surrendered,
    withdrawn: s.withdrawn,
    ammo: s.ammo,
    inSupply: s.inSupply,
    supplyUnits: { log: s.supplyUnits.log, pol: s.supplyUnits.pol },
    recceTroops: s.recceTroops,
    commandBase: s.commandBase,
    notes: s.notes,
    pinned: s.pins.red > 0,
    targetClass: nqmTargetClass(s.armour, s.protection),
  };
}

export function readNqmWorld(user?: AskingUser): NqmWorld {
  const units = worldActors<ActorLike>()
    .filter((a) => a.type === "nqmUnit")
    .map((a) => ({ id: a.uuid, name: a.name, system: nqmSystemView(a.system as NqmUnitSystemView) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    isGM: isGM(user ?? undefined),
    units,
    selected: selectedNqmUnits(),
    restoringDiscipline: nqmRestoringDiscipline(),
    hourlySupplyCheck: nqmHourlySupplyCheck(),
  };
}

export function nqmUnit(world: NqmWorld, id: string): NqmUnitView | undefined {
  return world.units.find((u) => u.id === id);
}

/** A unit's name, or the id itself when the world has no such unit. */
export function nqmName(world: NqmWorld, id: string): string {
  return nqmUnit(world, id)?.name ?? id;
}

/** A unit as the rules take a stand under fire: its bases now, its pins and the class it counts as. */
export function targetStand(unit: NqmUnitView, protection: WeightClass = unit.system.targetClass): TargetStand {
  const { strength, pins } = unit.system;
  return { actor: unit.id, strength: strength.value, red: pins.red, black: pins.black, protection };
}

/** The unit to open a one-unit procedure on: the one asked for, else the first selected, else the first in the world. */
export function unitToOpen(world: NqmWorld, asked?: string): string {
  return asked ?? world.selected[0] ?? world.units[0]?.id ?? "";
}

/** Casualties so far as the morale rules count them: bases lost and bases carrying a pin. */
export function casualtiesOf(unit: NqmUnitView): number {
  const { strength, pins } = unit.system;
  return Math.max(0, strength.max - strength.value) + pins.red + pins.black;
}

/** The refusal of a unit the world does not hold, naming the field. */
export function unknownUnit(id: string, field: string): { code: string; text: Phrase; field: string } {
  return { code: "unknownUnit", text: phrase("NOBC.Nqm.Check.unknownUnit", { unit: id === "" ? "—" : id }), field };
}
