/**
 * Gallery entries of the resolution cards. Each context comes from a real rules resolution
 * (scripted dice) through the same pure functions the chat card uses: `cardInputOf` then
 * `resolutionCardContext`, with the write path's notes from `planEffects` over stand-in snapshots.
 * Every word on a card (title, inputs, table row, outcome) is written by the language the gallery
 * is rendered in, with the keys the dialogs write them with.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { CardDisplay, CardFlags, CardInputLine } from "../../src/chat/card-data";
import { cardInputOf, resolutionCardContext } from "../../src/chat/context";
import { groundCombatText } from "../../src/chat/ground-combat-text";
import { resplit } from "../../src/chat/splits";
import { planEffects, type DocumentSnapshot, type WritePlan } from "../../src/effects/apply";
import type { Effect } from "../../src/rules/effects";
import { air } from "../../src/rules/index";
import { scriptedDice } from "../../src/rules/dice";
import { phrase, unwrap } from "../../src/rules/resolution";
import { speak } from "../../src/words/phrase";
import type { Translator } from "../../src/base/foundry";
import { TERRAIN_LABELS } from "../../src/apps/ground-combat/context";
import { stackingEndView } from "../../src/combat/movement-step";
import { checkStacking } from "../../src/rules/nobc/land/stacking";
import { GALLERY_REFS as R, NAMES, combatUnits, resolveCombat } from "../chat/combat-fixture";
import { sideCardView, type SideDoc } from "../../src/chat/side-card";
import { sideCardContext } from "../../src/chat/side-card-context";
import type { Sight } from "../../src/rules/nobc/knowledge/view";
import type { Side } from "../../src/rules/nobc/land/types";

const units = combatUnits(R);
const names = new Map<string, string>([
  ...Object.values(units).map((u) => [u.id, u.name] as const),
  ["Actor.mig", "1/9 GIAP (MiG-23)"],
  ["Actor.su", "2/357 OShAP (Su-25)"],
]);
const nameOf = (ref: string) => names.get(ref) ?? ref;

const snapshots = new Map<string, DocumentSnapshot>([
  ...Object.values(units).map((u): [string, DocumentSnapshot] => [
    u.id,
    {
      uuid: u.id,
      id: u.id.slice(6),
      documentName: "Actor",
      type: "unit",
      name: u.name,
      system: { strength: { value: u.strength, max: u.strength }, supply: u.supply, size: u.size, arm: u.arm },
    },
  ]),
  ...["Actor.mig", "Actor.su"].map((uuid): [string, DocumentSnapshot] => [
    uuid,
    { uuid, id: uuid.slice(6), documentName: "Actor", type: "airSquadron", name: names.get(uuid)!, system: { box: "damaged" } },
  ]),
]);
const notesOf = (effects: readonly Effect[]) => planEffects(effects, (uuid) => snapshots.get(uuid)).notes;

const NO_WRITES: WritePlan = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };

function entry(id: string, title: string, card: CardFlags & { display: CardDisplay }, i18n: Translator): FixtureSheet {
  return {
    id,
    title,
    template: "chat/resolution-card.hbs",
    classes: "chat-card",
    context: resolutionCardContext(cardInputOf(card, notesOf(card.effects)), nameOf, i18n),
  };
}

/** What went in, labelled as the planner labels it (src/apps/ground-combat/context.ts `cardInputs`). */
const combatInputs = (i18n: Translator): CardInputLine[] => [
  { label: i18n.localize("NOBC.GroundCombat.Attackers"), value: `${NAMES.gds}, ${NAMES.mr} (12)` },
  { label: i18n.localize("NOBC.GroundCombat.Target"), value: `T: ${NAMES.bde}, ${NAMES.acr}, ${NAMES.art} (9)` },
  { label: i18n.localize("NOBC.GroundCombat.TerrainTitle"), value: i18n.localize(TERRAIN_LABELS.woods) },
];

function combatCard(face: number, i18n: Translator): CardFlags & { display: CardDisplay } {
  const combat = resolveCombat(R, face);
  return {
    effects: combat.resolution.effects,
    state: "pending",
    display: {
      title: i18n.format("NOBC.GroundCombat.CardTitle", { hex: "T" }),
      inputs: combatInputs(i18n),
      breakdown: combat.resolution.breakdown,
      rolls: combat.resolution.rolls,
      ...groundCombatText(combat, i18n),
    },
    groundCombat: { plan: combat.plan, outcome: combat.outcome, splits: {} },
  };
}

/** "Attack beaten off": both sides share their hits; the defenders' owner has put both on the brigade. */
function pendingCombat(i18n: Translator): FixtureSheet {
  const card = combatCard(3, i18n);
  const split = unwrap(
    resplit(card.groundCombat!, "defenders", [
      { actor: R.bde, hits: 2 },
      { actor: R.acr, hits: 0 },
    ]),
  );
  return entry(
    "card-combat-pending",
    "Chat card: ground combat, split editor",
    { ...card, effects: split.effects, groundCombat: split.card },
    i18n,
  );
}

/** "Heavy fighting", applied: 3 hits on each attacker, the defenders' share of the artillery dropped. */
function appliedCombat(i18n: Translator): FixtureSheet {
  const card = combatCard(6, i18n);
  return entry("card-combat-applied", "Chat card: ground combat, applied", { ...card, state: "applied", applied: NO_WRITES }, i18n);
}

/**
 * The WP air team's repair roll (score 4 for Soviet squadrons), with what went in, worded as the
 * repair dialog words its card (src/apps/air/missions/repair/state.ts `rollRepair`).
 */
function repairCard(state: "pending" | "reverted", i18n: Translator): CardFlags & { display: CardDisplay } {
  const squadron = (id: string, name: string) =>
    ({
      id,
      name,
      side: "wp",
      nationality: "su",
      airToAir: 2,
      cas: 1,
      deepStrike: 1,
      weapons: [],
      range: 1,
      recce: false,
      ew: false,
      harrier: false,
      box: "damaged",
      airbase: null,
      airZone: "North",
    }) as const;
  const resolution = unwrap(
    air.resolveAircraftRepair(
      { side: "wp", squadrons: [squadron("Actor.mig", "1/9 GIAP (MiG-23)"), squadron("Actor.su", "2/357 OShAP (Su-25)")] },
      scriptedDice([3, 6]),
    ),
  );
  return {
    effects: resolution.effects,
    state,
    ...(state === "reverted" ? { applied: NO_WRITES } : {}),
    display: {
      title: i18n.format("NOBC.AirMissions.Repair.CardTitle", { side: i18n.localize("NOBC.Side.wp") }),
      inputs: [{ label: i18n.localize("NOBC.AirMissions.Repair.Damaged"), value: `${names.get("Actor.mig")!}, ${names.get("Actor.su")!}` }],
      breakdown: resolution.breakdown,
      rolls: resolution.rolls,
      tableRow: "",
      outcome: speak(
        phrase("NOBC.AirMissions.Repair.Outcome", {
          repaired: resolution.outcome.repaired.length,
          destroyed: resolution.outcome.destroyed.length,
        }),
        i18n,
      ),
      // As `rollRepair` posts it: each line is one squadron's score, so no total.
      noTotal: true,
    },
  };
}

/**
 * The end-of-Movement stacking card (an information card): two battalions in one hex, artillery
 * stacked with a brigade in another, as the rules find them (src/rules/nobc/land/stacking.ts).
 */
function stackingEnd(i18n: Translator): FixtureSheet {
  const unit = (id: string, name: string, size: "battalion" | "brigade", arm: "recce" | "armour" | "artillery") =>
    ({ id, name, size, arm, mode: "march" }) as const;
  const violations = checkStacking([
    {
      hex: "0203",
      terrain: ["clear"],
      units: [unit("Actor.b1", "1 Recce Bn", "battalion", "recce"), unit("Actor.b2", "2 Recce Bn", "battalion", "recce")],
    },
    {
      hex: "0407",
      terrain: ["clear"],
      units: [unit("Actor.n5", "5 PzBrig", "brigade", "armour"), unit("Actor.n8", "1 ArtRgt", "brigade", "artillery")],
    },
  ]);
  const field = {
    names: new Map([
      ["Actor.b1", "1 Recce Bn"],
      ["Actor.b2", "2 Recce Bn"],
      ["Actor.n5", "5 PzBrig"],
      ["Actor.n8", "1 ArtRgt"],
    ]),
  };
  return {
    id: "card-stacking-end",
    title: "Chat card: end of Movement, stacking broken",
    template: "chat/stacking-end.hbs",
    classes: "chat-card",
    context: stackingEndView(3, violations, field, i18n),
  };
}

/**
 * A team's card of "Heavy fighting" under double-blind (src/chat/side-card.ts), applied: each side names its
 * own units and the enemy's as it knows them. NATO has identified the Guards division; the other attacker is a
 * contact. The Warsaw Pact knows nothing of the defenders yet.
 */
function sideCombat(side: Side, i18n: Translator): FixtureSheet {
  const combat = resolveCombat(R, 6);
  const docs: SideDoc[] = Object.values(units).map((u) => ({ ref: u.id, side: u.side, name: u.name, kind: "piece" }));
  const gds = units.gds;
  const sights = new Map<string, Sight>(
    side === "nato"
      ? [
          [
            gds.id,
            {
              kind: "counter",
              hex: "0403",
              turn: 1,
              face: { kind: "unit", name: gds.name, size: gds.size, arm: gds.arm, nationality: gds.nationality },
            },
          ],
          [units.mr.id, { kind: "contact", hex: "0404", turn: 1 }],
        ]
      : [],
  );
  const view = sideCardView(
    {
      title: i18n.format("NOBC.GroundCombat.CardTitle", { hex: "T" }),
      breakdown: combat.resolution.breakdown,
      rolls: combat.resolution.rolls,
      tableRow: groundCombatText(combat, i18n).tableRow,
      effects: combat.resolution.effects,
      groundCombat: { plan: combat.plan, outcome: combat.outcome },
      acting: "wp",
    },
    side,
    sights,
    docs,
    i18n,
  );
  return {
    id: `card-side-${side}`,
    title: `Chat card: ground combat, ${side === "nato" ? "NATO" : "Warsaw Pact"} team's card (double-blind)`,
    template: "chat/side-card.hbs",
    classes: "chat-card",
    context: sideCardContext({ side, link: "gallery", state: "applied", view }, i18n),
  };
}

/** What the cards are built from (the pseudo-locale test reads the unit and squadron names in it). */
export const cardFixtureData: readonly unknown[] = [units, names];

/** The chat cards, worded by `i18n`. */
export const cardEntries = (i18n: Translator): FixtureSheet[] => [
  pendingCombat(i18n),
  appliedCombat(i18n),
  entry("card-reverted", "Chat card: repair roll, undone", repairCard("reverted", i18n), i18n),
  entry("card-inputs", "Chat card: repair roll with its inputs", repairCard("pending", i18n), i18n),
  stackingEnd(i18n),
];

/** Each team's card of a ground combat under double-blind, worded by `i18n`. */
export const sideCardEntries = (i18n: Translator): FixtureSheet[] => [sideCombat("nato", i18n), sideCombat("wp", i18n)];
