/**
 * Step 2 in play. The line-up is decided in turns, each by the side it belongs to: WP lines up its
 * fighters (best first), NATO places its own opposite WP squadrons of its choice, then WP makes up
 * to two switches. Each part is posted on a card (flags: a `LineUpRecord`) and the next part is read
 * from there; whoever may decide several parts in a row (the GM: all) decides them in one go. The
 * last part runs the rules' full check, whose bouts step 3 fights. Pure.
 */
import type { ActorRef } from "../../../../rules/ids";
import type { Checked, Resolution, BreakdownLine } from "../../../../rules/resolution";
import { ok, phrase, refuse } from "../../../../rules/resolution";
import { resolveLineUp, WP_SWITCH_LIMIT, type Bout, type LineUpInput, type Side, type Squadron } from "../../../../rules/nobc/air/index";
import { AIR_SOURCES } from "../../../../rules/nobc/air/sources";
import type { Translator } from "../../../../view/breakdown";
import type { CardInputLine } from "../../../../chat/resolution-card";
import { currentLineUp, type LineUpRecord } from "../records";
import { namer, zoneLabel } from "../view";
import { zoneSquadrons, type AirWorld } from "../world";

export type LineUpPart = "wpLine" | "natoOpposite" | "wpSwitches";
const PARTS: readonly LineUpPart[] = ["wpLine", "natoOpposite", "wpSwitches"];
const PART_SIDE: Readonly<Record<LineUpPart, Side>> = { wpLine: "wp", natoOpposite: "nato", wpSwitches: "wp" };

export interface LineUpState {
  readonly zone: string;
  /** The WP line, in order. */
  readonly wpLine: readonly ActorRef[];
  /** NATO's fighters, each with the WP squadron it faces ("" = none chosen). */
  readonly opposite: readonly { readonly nato: ActorRef; readonly wp: ActorRef }[];
  /** WP's switch slots; a slot with a blank side is no switch. */
  readonly switches: readonly (readonly [ActorRef, ActorRef])[];
  /** Parts already posted on the current line-up card. */
  readonly recorded: readonly LineUpPart[];
  /** The record's bouts when the line-up is complete. */
  readonly bouts: readonly Bout[] | null;
}

const byStrength = (a: Squadron, b: Squadron): number => b.airToAir - a.airToAir || a.name.localeCompare(b.name);

function fighters(world: AirWorld, zone: string, side: Side): Squadron[] {
  return zoneSquadrons(world, zone)
    .filter((s) => s.side === side && s.box === "airSuperiority")
    .sort(byStrength);
}

/** The parts this zone needs: none without fighters on both sides; switches only with two WP fighters. */
export function neededParts(world: AirWorld, zone: string): LineUpPart[] {
  const wp = fighters(world, zone, "wp").length;
  const nato = fighters(world, zone, "nato").length;
  if (wp === 0 || nato === 0) return [];
  return wp >= 2 ? [...PARTS] : ["wpLine", "natoOpposite"];
}

/** The state a zone's dialog opens on: the current line-up card's parts, defaults for the rest. */
export function lineUpState(world: AirWorld, zone: string, restart = false): LineUpState {
  const wp = fighters(world, zone, "wp");
  const nato = fighters(world, zone, "nato");
  const current = restart ? undefined : currentLineUp(world.records, zone, zoneSquadrons(world, zone))?.record;
  const wpLine = current?.wpLine ?? wp.map((s) => s.id);
  // By default NATO's best meet WP's best, place by place.
  const opposite = nato.map((s, i) => ({
    nato: s.id,
    wp: current?.natoOpposite?.find((p) => p.nato === s.id)?.wp ?? (current?.natoOpposite === undefined ? (wpLine[i] ?? "") : ""),
  }));
  const recordedSwitches = current?.wpSwitches ?? [];
  const switches = Array.from({ length: WP_SWITCH_LIMIT }, (_, k) => recordedSwitches[k] ?? (["", ""] as const));
  const recorded =
    current === undefined
      ? []
      : PARTS.filter((p) =>
          p === "wpLine" ? true : p === "natoOpposite" ? current.natoOpposite !== undefined : current.wpSwitches !== undefined,
        );
  return { zone, wpLine, opposite, switches, recorded, bouts: current?.bouts ?? null };
}

/** Whether the user may decide a part: a GM any, a player the parts of a side whose fighters here they all own. */
function mayDecide(world: AirWorld, zone: string, part: LineUpPart): boolean {
  if (world.isGM) return true;
  const own = fighters(world, zone, PART_SIDE[part]);
  return own.length > 0 && own.every((s) => world.owned.has(s.id));
}

/** The parts the user decides now: the remaining ones, in order, as long as they may decide each. */
export function editableParts(world: AirWorld, state: LineUpState): LineUpPart[] {
  if (state.bouts !== null) return [];
  const remaining = neededParts(world, state.zone).filter((p) => !state.recorded.includes(p));
  const out: LineUpPart[] = [];
  for (const part of remaining) {
    if (!mayDecide(world, state.zone, part)) break;
    out.push(part);
  }
  return out;
}

/**
 * The state Post resolves, on the GM's client: the parts already posted (and the bouts) as the
 * zone's cards hold them now, and from the asker's state only the parts the asker decides now.
 * A GM may have started over (no part recorded in the state), and then decides every part.
 */
export function lineUpAsRecorded(world: AirWorld, asked: LineUpState): LineUpState {
  const fresh = lineUpState(world, asked.zone, world.isGM && asked.recorded.length === 0);
  const parts = editableParts(world, fresh);
  return {
    ...fresh,
    wpLine: parts.includes("wpLine") ? asked.wpLine : fresh.wpLine,
    opposite: parts.includes("natoOpposite") ? asked.opposite : fresh.opposite,
    switches: parts.includes("wpSwitches") ? asked.switches : fresh.switches,
  };
}

/** The side whose turn it is when the user can decide nothing; null when nothing is left. */
export function waitingFor(world: AirWorld, state: LineUpState): Side | null {
  if (state.bouts !== null) return null;
  const next = neededParts(world, state.zone).find((p) => !state.recorded.includes(p));
  return next === undefined ? null : PART_SIDE[next];
}

/** Moves a WP squadron up (-1) or down (+1) the line; out of range changes nothing. */
export function moveInLine(state: LineUpState, index: number, delta: -1 | 1): LineUpState {
  const to = index + delta;
  if (index < 0 || to < 0 || index >= state.wpLine.length || to >= state.wpLine.length) return state;
  const line = [...state.wpLine];
  [line[index], line[to]] = [line[to]!, line[index]!];
  return { ...state, wpLine: line };
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The state after the form changed: `opposite-<i>` per NATO fighter, `switch-<k>-a` / `-b` per slot. */
export function lineUpFromForm(state: LineUpState, form: Readonly<Record<string, unknown>>): LineUpState {
  return {
    ...state,
    opposite: state.opposite.map((p, i) => (`opposite-${i}` in form ? { nato: p.nato, wp: str(form[`opposite-${i}`]) } : p)),
    switches: state.switches.map(([a, b], k) => [
      `switch-${k}-a` in form ? str(form[`switch-${k}-a`]) : a,
      `switch-${k}-b` in form ? str(form[`switch-${k}-b`]) : b,
    ]),
  };
}

export function lineUpInput(world: AirWorld, state: LineUpState): LineUpInput {
  return {
    squadrons: zoneSquadrons(world, state.zone),
    wpLine: state.wpLine,
    natoOpposite: state.opposite.filter((p): p is { nato: ActorRef; wp: ActorRef } => p.wp !== ""),
    wpSwitches: state.switches.filter((s): s is readonly [ActorRef, ActorRef] => s[0] !== "" && s[1] !== ""),
  };
}

export interface LineUpResult {
  /** The checked bouts once the line-up is complete; null for a part of it. */
  readonly bouts: Bout[] | null;
  readonly parts: readonly LineUpPart[];
}

/**
 * The rules' check of what the user posts. With the last part, the full check and its bouts. With
 * an earlier part, the rules' refusals about the parts decided so far, and a breakdown listing them.
 */
export function checkLineUp(world: AirWorld, state: LineUpState, parts: readonly LineUpPart[]): Checked<Resolution<LineUpResult>> {
  const input = lineUpInput(world, state);
  const checked = resolveLineUp(input);
  const needed = neededParts(world, state.zone);
  const decided = [...state.recorded, ...parts];
  if (needed.every((p) => decided.includes(p))) {
    return checked.ok ? ok({ ...checked.value, outcome: { bouts: checked.value.outcome.bouts, parts } }) : checked;
  }
  if (!checked.ok) {
    const mine = checked.refusals.filter((r) => decided.some((p) => r.field === p || r.field?.startsWith(`${p}.`)));
    if (mine.length > 0) return refuse(...mine);
  }
  const name = namer(world.squadrons);
  const strength = new Map(world.squadrons.map((s) => [s.id, s.airToAir]));
  const breakdown: BreakdownLine[] = [];
  if (parts.includes("wpLine")) {
    state.wpLine.forEach((id, i) =>
      breakdown.push({
        text: phrase("NOBC.AirBattle.LineUp.PlaceLabel", { place: i + 1, name: name(id) }),
        value: strength.get(id) ?? 0,
        source: AIR_SOURCES.lineUp,
      }),
    );
  }
  if (parts.includes("natoOpposite")) {
    for (const p of input.natoOpposite) {
      breakdown.push({
        text: phrase("NOBC.AirBattle.LineUp.FacesLabel", { name: name(p.nato) }),
        value: state.wpLine.indexOf(p.wp) + 1,
        source: AIR_SOURCES.lineUp,
      });
    }
  }
  return ok({ breakdown, rolls: [], outcome: { bouts: null, parts }, effects: [] });
}

/** The card of a posted part (or of the whole line-up): title, inputs, and the record for the next part. */
export function lineUpCard(
  world: AirWorld,
  state: LineUpState,
  result: LineUpResult,
  i18n: Translator,
): { title: string; inputs: CardInputLine[]; record: LineUpRecord } {
  const input = lineUpInput(world, state);
  const decided = [...state.recorded, ...result.parts];
  const name = namer(world.squadrons);
  const record: LineUpRecord = {
    kind: "lineUp",
    zone: state.zone,
    wpLine: [...state.wpLine],
    ...(decided.includes("natoOpposite") ? { natoOpposite: [...input.natoOpposite] } : {}),
    ...(decided.includes("wpSwitches") ? { wpSwitches: (input.wpSwitches ?? []).map(([a, b]) => [a, b] as const) } : {}),
    ...(result.bouts !== null ? { bouts: result.bouts } : {}),
  };
  const key = result.bouts !== null ? "NOBC.AirBattle.LineUp.CardComplete" : "NOBC.AirBattle.LineUp.CardPart";
  const inputs: CardInputLine[] = [
    { label: i18n.localize("NOBC.AirBattle.LineUp.WpLine"), value: state.wpLine.map((id, i) => `${i + 1}. ${name(id)}`).join(", ") },
  ];
  if (record.natoOpposite !== undefined) {
    inputs.push({
      label: i18n.localize("NOBC.AirBattle.LineUp.NatoOpposite"),
      value: record.natoOpposite.map((p) => `${name(p.nato)} → ${name(p.wp)}`).join(", ") || i18n.localize("NOBC.AirBattle.None"),
    });
  }
  if (record.wpSwitches !== undefined) {
    inputs.push({
      label: i18n.localize("NOBC.AirBattle.LineUp.Switches"),
      value: record.wpSwitches.map(([a, b]) => `${name(a)} ⇄ ${name(b)}`).join(", ") || i18n.localize("NOBC.AirBattle.None"),
    });
  }
  return { title: i18n.format(key, { zone: zoneLabel(state.zone, i18n) }), inputs, record };
}
