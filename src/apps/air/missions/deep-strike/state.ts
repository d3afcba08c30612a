/**
 * Step 8, deep strike (the striking side's dialog): squadrons from the deep-strike box in the order
 * they meet the air defence, SF and SSM cards, a Chemical Weapons card, and the target — an enemy
 * airbase (or its air-defence boxes), a bridge of the terrain map, or an installation (an enemy HQ).
 * Before the roll the dialog shows which box engages which squadron, each attack's chance and the
 * exact spread of hits; the pairing comes from a dry run of the rules, not from a copy of them.
 */
import { resolveDeepStrike, type DeepStrikeInput, type GroundStrike, type StrikeTarget } from "../../../../rules/nobc/air/index";
import type { Side } from "../../../../rules/nobc/air/types";
import type { Dice } from "../../../../rules/dice";
import type { Effect } from "../../../../rules/effects";
import { phrase, refuse, type Checked, type Refusal } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import type { FormValues } from "../../../base/controller";
import { otherSide, readSide, refusal, tickedIds, type Translator, type MissionCard } from "../view";
import type { MissionWorld } from "../world";
import { isWeapon, supportCardRecord } from "../../../../rules/nobc/land/card-categories";
import { holdsFor } from "../../../base/holds";

export type TargetKind = StrikeTarget["kind"];
export type Aim = "target" | "airDefence";

/**
 * The value each working air-defence box of an airbase starts with in the dialog: the airbase
 * actor keeps a count of boxes, not their values (docs/rules-decisions.md, "Deep strike in play").
 */
export const DEFAULT_BOX_VALUE = 3;

export interface DeepStrikeState {
  readonly side: Side;
  /** Ticked squadrons; the strike order comes from `order`. */
  readonly attackers: readonly string[];
  /** The place typed for each squadron in the strike order (1 meets the air defence first). */
  readonly order: Readonly<Record<string, number>>;
  readonly strikes: readonly string[];
  readonly chemical: string | null;
  /** The chosen target as `kind::ref` (see `targetValue`), or "" for none. */
  readonly target: string;
  readonly aim: Aim;
  /** The target's air-defence box values as typed, e.g. "4, 3, 3". */
  readonly airDefence: string;
}

export function targetValue(kind: TargetKind, ref: string): string {
  return `${kind}::${ref}`;
}

function splitTarget(value: string): { kind: TargetKind; ref: string } | null {
  const at = value.indexOf("::");
  if (at < 0) return null;
  const kind = value.slice(0, at);
  const ref = value.slice(at + 2);
  return (kind === "airbase" || kind === "bridge" || kind === "installation") && ref !== "" ? { kind, ref } : null;
}

export function strikeSquadrons(world: MissionWorld, side: Side) {
  return world.squadrons.filter((s) => s.side === side && s.box === "deepStrike");
}

/** The side's cards that strike in a deep strike (SF and SSM, by their records). */
export function strikeCards(world: MissionWorld, side: Side) {
  return world.cards.filter((c) => c.side === side && supportCardRecord(c.category)?.uses.deepStrike !== undefined);
}

export function chemicalCards(world: MissionWorld, side: Side) {
  return world.cards.filter((c) => c.side === side && isWeapon(c.category, "chemical"));
}

/** Every target the side may strike: enemy airbases, the map's bridges, enemy HQs. */
export function targetChoices(world: MissionWorld, side: Side): { value: string; kind: TargetKind; name: string }[] {
  const enemy = otherSide(side);
  return [
    ...world.airbases
      .filter((a) => a.side === enemy)
      .map((a) => ({ value: targetValue("airbase", a.id), kind: "airbase" as const, name: a.name })),
    ...world.bridges.map((b) => ({ value: targetValue("bridge", b.hexside), kind: "bridge" as const, name: b.name })),
    ...world.hqs
      .filter((h) => h.side === enemy)
      .map((h) => ({ value: targetValue("installation", h.id), kind: "installation" as const, name: h.name })),
  ];
}

/** The box values an airbase's working air defence starts with; none for other targets. */
export function defaultAirDefence(world: MissionWorld, target: string): string {
  const t = splitTarget(target);
  if (t?.kind !== "airbase") return "";
  const base = world.airbases.find((a) => a.id === t.ref);
  return Array.from({ length: base?.airDefence.value ?? 0 }, () => String(DEFAULT_BOX_VALUE)).join(", ");
}

export function initialDeepStrike(world: MissionWorld, side: Side): DeepStrikeState {
  const squadrons = strikeSquadrons(world, side);
  const target = targetChoices(world, side)[0]?.value ?? "";
  return {
    side,
    attackers: squadrons.map((s) => s.id),
    order: Object.fromEntries(squadrons.map((s, i) => [s.id, i + 1])),
    strikes: [],
    chemical: null,
    target,
    aim: "target",
    airDefence: defaultAirDefence(world, target),
  };
}

export function readDeepStrike(state: DeepStrikeState, form: FormValues, world: MissionWorld): DeepStrikeState {
  const side = readSide(form["side"], state.side);
  if (side !== state.side) return initialDeepStrike(world, side);
  const squadrons = strikeSquadrons(world, side).map((s) => s.id);
  const order: Record<string, number> = { ...state.order };
  for (const id of squadrons) {
    const n = Number(form[`order:${id}`]);
    if (form[`order:${id}`] !== undefined && form[`order:${id}`] !== "" && Number.isFinite(n)) order[id] = n;
  }
  const target = typeof form["target"] === "string" ? form["target"] : state.target;
  // A new target brings its own air defence; the typed values belong to the old one. Only a GM types them.
  const airDefence =
    target !== state.target || !world.isGM
      ? defaultAirDefence(world, target)
      : typeof form["airDefence"] === "string"
        ? form["airDefence"]
        : state.airDefence;
  const chemical = typeof form["chemical"] === "string" ? (form["chemical"] === "" ? null : form["chemical"]) : state.chemical;
  return {
    side,
    attackers: tickedIds(form, "attacker", squadrons),
    order,
    strikes: tickedIds(
      form,
      "strike",
      strikeCards(world, side).map((c) => c.id),
    ),
    chemical,
    target,
    aim: form["aim"] === "airDefence" ? "airDefence" : form["aim"] === "target" ? "target" : state.aim,
    airDefence,
  };
}

/** The ticked squadrons in strike order (the typed place, then the list's order). */
export function strikeOrder(state: DeepStrikeState, world: MissionWorld): string[] {
  const listed = strikeSquadrons(world, state.side).map((s) => s.id);
  return [...state.attackers].sort((a, b) => (state.order[a] ?? 0) - (state.order[b] ?? 0) || listed.indexOf(a) - listed.indexOf(b));
}

/** Box values from the typed text: every refusal names the box. */
export function parseBoxes(text: string): Checked<number[]> {
  const tokens = text.split(/[\s,;]+/).filter((t) => t !== "");
  const refusals: Refusal[] = [];
  const values = tokens.map((t, i) => {
    const n = Number(t);
    if (!Number.isFinite(n)) {
      refusals.push(
        refusal("badAirDefence", phrase("NOBC.AirMissions.Check.badAirDefence", { box: String(i + 1), value: t }), "airDefence"),
      );
    }
    return n;
  });
  return refusals.length > 0 ? refuse(...refusals) : { ok: true, value: values };
}

/** The rules' input for the dialog's state, or every reason there is none. */
export function deepStrikeInput(state: DeepStrikeState, world: MissionWorld): Checked<DeepStrikeInput> {
  const refusals: Refusal[] = [];
  const chosen = splitTarget(state.target);
  if (chosen === null) refusals.push(refusal("noTarget", phrase("NOBC.AirMissions.Check.noStrikeTarget"), "target"));
  const boxes = parseBoxes(state.airDefence);
  if (!boxes.ok) refusals.push(...boxes.refusals);
  let target: StrikeTarget | undefined;
  if (chosen !== null && boxes.ok) {
    const airDefence = boxes.value;
    if (chosen.kind === "airbase") {
      const base = world.airbases.find((a) => a.id === chosen.ref);
      if (base !== undefined) target = { kind: "airbase", id: base.id, name: base.name, airDefence };
    } else if (chosen.kind === "bridge") {
      const bridge = world.bridges.find((b) => b.hexside === chosen.ref);
      if (bridge !== undefined) target = { kind: "bridge", hexside: bridge.hexside, name: bridge.name, airDefence };
    } else {
      const hq = world.hqs.find((h) => h.id === chosen.ref);
      if (hq !== undefined) target = { kind: "installation", id: hq.id, name: hq.name, airDefence };
    }
    if (target === undefined) refusals.push(refusal("unknownTarget", phrase("NOBC.AirMissions.Check.strikeTargetGone"), "target"));
  }
  if (state.aim === "airDefence" && chosen !== null && chosen.kind !== "airbase") {
    refusals.push(refusal("noChart", phrase("NOBC.AirMissions.Check.noChart"), "aim"));
  }
  const cards = strikeCards(world, state.side);
  const strikes: GroundStrike[] = state.strikes.flatMap((id) => {
    const card = cards.find((c) => c.id === id);
    const kind = card === undefined ? undefined : supportCardRecord(card.category)?.uses.deepStrike;
    return kind === undefined ? [] : [{ kind, card: id }];
  });
  if (refusals.length > 0 || target === undefined) return refuse(...refusals);
  const input: DeepStrikeInput = { squadrons: world.squadrons, attackers: strikeOrder(state, world), target, strikes, aim: state.aim };
  return { ok: true, value: state.chemical === null ? input : { ...input, chemical: state.chemical } };
}

export const AIM_KEYS: Readonly<Record<Aim, string>> = {
  target: "NOBC.AirMissions.DeepStrike.AimTarget",
  airDefence: "NOBC.AirMissions.DeepStrike.AimAirDefence",
};

export const KIND_KEYS: Readonly<Record<TargetKind, string>> = {
  airbase: "NOBC.AirMissions.DeepStrike.KindAirbase",
  bridge: "NOBC.AirMissions.DeepStrike.KindBridge",
  installation: "NOBC.AirMissions.DeepStrike.KindInstallation",
};

/** The Chemical Weapons card goes with the strike when the card says it is discarded after use. */
function chemicalDiscard(state: DeepStrikeState, world: MissionWorld): Effect[] {
  const card = world.cards.find((c) => c.id === state.chemical);
  return card?.afterUse === "discard" ? [{ type: "cardDiscarded", card: card.id }] : [];
}

/**
 * The state the strike is resolved with: the target's air-defence values are the umpire's, so a
 * player's strike meets the world's working boxes at their default value, whatever their state says.
 */
export function withUmpireAirDefence(state: DeepStrikeState, world: MissionWorld): DeepStrikeState {
  return world.isGM ? state : { ...state, airDefence: defaultAirDefence(world, state.target) };
}

/** What a deep strike uses up: each squadron flies one a turn, and a card (a strike's, the chemical one) is played once. */
export function deepStrikeHolds(asked: DeepStrikeState, world: MissionWorld): { readonly holds?: readonly string[] } {
  const state = withUmpireAirDefence(asked, world);
  const input = deepStrikeInput(state, world);
  if (!input.ok) return {};
  return holdsFor(
    world.turn,
    input.value.attackers.map((id) => `deepStrike:${id}`),
    [...(input.value.strikes ?? []).map((s) => s.card), ...(state.chemical === null ? [] : [state.chemical])],
  );
}

export function rollDeepStrike(asked: DeepStrikeState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionCard> {
  const state = withUmpireAirDefence(asked, world);
  const input = deepStrikeInput(state, world);
  if (!input.ok) return input;
  const resolved = resolveDeepStrike(input.value, dice);
  if (!resolved.ok) return resolved;
  const resolution = { ...resolved.value, effects: [...resolved.value.effects, ...chemicalDiscard(state, world)] };
  const target = input.value.target;
  const names = (ids: readonly string[]) => (ids.length === 0 ? "\u2014" : ids.map((id) => world.names.get(id) ?? id).join(", "));
  return {
    ok: true,
    value: {
      ...deepStrikeHolds(asked, world),
      title: i18n.format("NOBC.AirMissions.DeepStrike.CardTitle", { target: target.name }),
      hook: "nobc.deepStrikeResolved",
      resolution,
      outcome: speak(phrase("NOBC.AirMissions.DeepStrike.Outcome", { count: resolved.value.outcome.hits, target: target.name }), i18n),
      inputs: [
        { label: i18n.localize("NOBC.AirMissions.DeepStrike.Target"), value: `${target.name} (${i18n.localize(KIND_KEYS[target.kind])})` },
        { label: i18n.localize("NOBC.AirMissions.DeepStrike.Aim"), value: i18n.localize(AIM_KEYS[state.aim]) },
        {
          label: i18n.localize("NOBC.AirMissions.DeepStrike.AirDefence"),
          value: target.airDefence.length === 0 ? "\u2014" : target.airDefence.join(", "),
        },
        { label: i18n.localize("NOBC.AirMissions.DeepStrike.Order"), value: names(input.value.attackers) },
        { label: i18n.localize("NOBC.AirMissions.DeepStrike.Cards"), value: names((input.value.strikes ?? []).map((s) => s.card)) },
        { label: i18n.localize("NOBC.AirMissions.DeepStrike.Chemical"), value: names(state.chemical === null ? [] : [state.chemical]) },
      ],
    },
  };
}
