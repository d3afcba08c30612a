/**
 * The GM's steps of the air battle, one card per air zone: air-to-air combat (3) over the zone's
 * current line-up, the superiority level (4), and the return (6) once both sides' sorties are
 * posted. Pure: what each zone's card will hold, or every reason it cannot be made.
 */
import { speak } from "../../../words/phrase";
import type { ActorRef } from "../../../rules/ids";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Resolution } from "../../../rules/resolution";
import {
  hasWeapon,
  resolveAirCombat,
  resolveAirSuperiority,
  resolveReturn,
  sortieAllotment,
  SORTIE_BOXES,
  type AirCombatOutcome,
  type Bout,
  type ReturnOutcome,
  type Side,
  type SuperiorityOutcome,
  type Squadron,
} from "../../../rules/nobc/air/index";
import type { Translator } from "../../../view/breakdown";
import { SIDE_LABELS } from "../../../view/labels";
import type { CardInputLine } from "../../../chat/resolution-card";
import { combatFor, currentLineUp, currentSorties, type AirCombatRecord } from "./records";
import { boutsView } from "./lineup/context";
import { namer, zoneLabel } from "./view";
import { statusText } from "./sorties/state";
import { knownZones, zoneSquadrons, type AirWorld } from "./world";

/** What a zone's card holds once resolved. */
export interface ZoneCard<O> {
  readonly zone: string;
  readonly title: string;
  readonly resolution: Resolution<O>;
  readonly outcome: string;
  readonly inputs: readonly CardInputLine[];
}

/** Zones to work on, or every reason there is nothing to do. */
export type Plan<T> = { readonly ok: true; readonly zones: readonly T[] } | { readonly ok: false; readonly problems: readonly string[] };

const SIDES: readonly Side[] = ["nato", "wp"];

/** The zones a step looks at: the one asked for (if the world knows it), else every known zone. */
function scope(world: AirWorld, zone: string | undefined, i18n: Translator): { zones: string[]; problems: string[] } {
  const known = knownZones(world);
  if (zone === undefined) return { zones: known, problems: [] };
  if (!known.includes(zone))
    return { zones: [], problems: [i18n.format("NOBC.AirBattle.Refused.unknownZone", { zone: zoneLabel(zone, i18n) })] };
  return { zones: [zone], problems: [] };
}

const inTheAir = (s: Squadron): boolean => s.box === "airSuperiority" || SORTIE_BOXES.includes(s.box);

/* --------------------------------------- step 3 --------------------------------------- */

export interface CombatZone {
  readonly zone: string;
  readonly squadrons: readonly Squadron[];
  readonly bouts: readonly Bout[];
  /** The line-up card the bouts come from. */
  readonly lineUp: string;
}

/** Each zone with fighters of both sides needs a complete, current line-up not yet fought. */
export function planAirCombat(world: AirWorld, zone: string | undefined, i18n: Translator): Plan<CombatZone> {
  const { zones, problems } = scope(world, zone, i18n);
  const out: CombatZone[] = [];
  for (const z of zones) {
    const squadrons = zoneSquadrons(world, z);
    const fighters = squadrons.filter((s) => s.box === "airSuperiority");
    if (!SIDES.every((side) => fighters.some((s) => s.side === side))) continue;
    const label = zoneLabel(z, i18n);
    const lineUp = currentLineUp(world.records, z, squadrons);
    if (lineUp?.record.bouts === undefined) {
      problems.push(i18n.format("NOBC.AirBattle.Refused.noLineUp", { zone: label }));
      continue;
    }
    if (combatFor(world.records, lineUp.messageId) !== undefined) {
      problems.push(i18n.format("NOBC.AirBattle.Refused.alreadyFought", { zone: label }));
      continue;
    }
    out.push({ zone: z, squadrons, bouts: lineUp.record.bouts, lineUp: lineUp.messageId });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (out.length === 0) return { ok: false, problems: [i18n.localize("NOBC.AirBattle.Refused.noCombat")] };
  return { ok: true, zones: out };
}

/** Before the dice: each bout, who fires first, and each shooter's chance (a die at or under its value). */
export interface CombatPreview {
  readonly zones: readonly {
    readonly zone: string;
    readonly bouts: readonly { readonly wp: string; readonly nato: string; readonly order: string }[];
  }[];
}

export function combatPreview(world: AirWorld, zones: readonly CombatZone[], i18n: Translator): CombatPreview {
  const byId = new Map(world.squadrons.map((s) => [s.id, s]));
  return {
    zones: zones.map((z) => ({
      zone: zoneLabel(z.zone, i18n),
      bouts: boutsView(world, z.bouts, i18n).map((text, i) => {
        const b = z.bouts[i]!;
        const wp = b.wp === null ? undefined : byId.get(b.wp);
        const nato = b.nato === null ? undefined : byId.get(b.nato);
        let order = "NOBC.AirBattle.Combat.NoFight";
        if (wp !== undefined && nato !== undefined) {
          const wpFirst = hasWeapon(wp, "aam");
          order =
            wpFirst === hasWeapon(nato, "aam")
              ? "NOBC.AirBattle.Combat.Together"
              : wpFirst
                ? "NOBC.AirBattle.Combat.WpFirst"
                : "NOBC.AirBattle.Combat.NatoFirst";
        }
        return { ...text, order: i18n.localize(order) };
      }),
    })),
  };
}

/** Fights one zone's bouts with the dice given. */
export function fightZone(
  world: AirWorld,
  zone: CombatZone,
  dice: Dice,
  i18n: Translator,
): Checked<ZoneCard<AirCombatOutcome> & { record: AirCombatRecord }> {
  const checked = resolveAirCombat({ squadrons: zone.squadrons, bouts: zone.bouts }, dice);
  if (!checked.ok) return checked;
  const name = namer(world.squadrons);
  const label = zoneLabel(zone.zone, i18n);
  const damaged = checked.value.outcome.damaged;
  return {
    ok: true,
    value: {
      zone: zone.zone,
      title: i18n.format("NOBC.AirBattle.Combat.CardTitle", { zone: label }),
      resolution: checked.value,
      outcome:
        damaged.length === 0
          ? i18n.localize("NOBC.AirBattle.Combat.NoDamage")
          : i18n.format("NOBC.AirBattle.Combat.Damaged", { names: damaged.map(name).join(", ") }),
      inputs: boutsView(world, zone.bouts, i18n).map((b, i) => ({
        label: speak(phrase("NOBC.AirBattle.Combat.Bout", { place: i + 1 }), i18n),
        value: `${b.wp} — ${b.nato}`,
      })),
      record: { kind: "airCombat", zone: zone.zone, lineUp: zone.lineUp },
    },
  };
}

/* --------------------------------------- step 4 --------------------------------------- */

/** One card per zone with squadrons in the air (fighters or ground missions). */
export function planSuperiority(world: AirWorld, zone: string | undefined, i18n: Translator): Plan<ZoneCard<SuperiorityOutcome>> {
  const { zones, problems } = scope(world, zone, i18n);
  if (problems.length > 0) return { ok: false, problems };
  const out: ZoneCard<SuperiorityOutcome>[] = [];
  for (const z of zones) {
    const squadrons = zoneSquadrons(world, z);
    if (!squadrons.some(inTheAir)) continue;
    const resolution = resolveAirSuperiority({ squadrons });
    const status = resolution.outcome;
    out.push({
      zone: z,
      title: i18n.format("NOBC.AirBattle.Superiority.CardTitle", { zone: zoneLabel(z, i18n) }),
      resolution,
      outcome: statusText(status, i18n),
      inputs: SIDES.map((side) => {
        const a = sortieAllotment(status, side);
        return {
          label: i18n.format("NOBC.AirBattle.Superiority.SortiesOf", { side: i18n.localize(SIDE_LABELS[side]) }),
          value: speak(phrase("NOBC.AirBattle.Allotment", { cas: a.cas, recceEw: a.recceEw }), i18n),
        };
      }),
    });
  }
  if (out.length === 0) return { ok: false, problems: [i18n.localize("NOBC.AirBattle.Refused.nothingInTheAir")] };
  return { ok: true, zones: out };
}

/* --------------------------------------- step 6 --------------------------------------- */

/**
 * One card per zone with squadrons in the air. Each side with squadrons on ground missions must
 * have posted its sortie selection for them; the rules then send everyone home.
 */
export function planReturn(world: AirWorld, zone: string | undefined, i18n: Translator): Plan<ZoneCard<ReturnOutcome>> {
  const { zones, problems } = scope(world, zone, i18n);
  const out: ZoneCard<ReturnOutcome>[] = [];
  const name = namer(world.squadrons);
  for (const z of zones) {
    const squadrons = zoneSquadrons(world, z);
    if (!squadrons.some(inTheAir)) continue;
    const label = zoneLabel(z, i18n);
    const flying: ActorRef[] = [];
    let missing = false;
    for (const side of SIDES) {
      if (!squadrons.some((s) => s.side === side && SORTIE_BOXES.includes(s.box))) continue;
      const sorties = currentSorties(world.records, z, side, squadrons);
      if (sorties === undefined) {
        missing = true;
        problems.push(i18n.format("NOBC.AirBattle.Refused.noSorties", { zone: label, side: i18n.localize(SIDE_LABELS[side]) }));
      } else {
        flying.push(...sorties.record.flying);
      }
    }
    if (missing) continue;
    const checked = resolveReturn({ squadrons, flying });
    if (!checked.ok) {
      problems.push(...checked.refusals.map((r) => speak(r.text, i18n)));
      continue;
    }
    const o = checked.value.outcome;
    const list = (ids: readonly ActorRef[]) => ids.map(name).join(", ") || i18n.localize("NOBC.AirBattle.None");
    out.push({
      zone: z,
      title: i18n.format("NOBC.AirBattle.Return.CardTitle", { zone: label }),
      resolution: checked.value,
      outcome: speak(phrase("NOBC.AirBattle.Return.Outcome", { holding: o.toHolding.length, intercepted: o.intercepted.length }), i18n),
      inputs: [
        { label: i18n.localize("NOBC.AirBattle.Sorties.Flying"), value: list(flying) },
        { label: i18n.localize("NOBC.AirBattle.Sorties.Intercepted"), value: list(o.intercepted) },
      ],
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (out.length === 0) return { ok: false, problems: [i18n.localize("NOBC.AirBattle.Refused.nothingInTheAir")] };
  return { ok: true, zones: out };
}
