/**
 * Gallery entries of the resolution cards. Each context comes from a real rules resolution
 * (scripted dice) through the same pure functions the chat card uses: `cardInputOf` then
 * `resolutionCardContext`, with the write path's notes from `planEffects` over stand-in snapshots.
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
import { unwrap } from "../../src/rules/resolution";
import { createHandlebars } from "../harness/handlebars-helpers";
import en from "../../lang/en.json";
import { GALLERY_REFS as R, NAMES, combatUnits, resolveCombat } from "../chat/combat-fixture";

/** The cards are worded by the real lang file, as in Foundry; `missing` lists any key it lacks. */
export const cardI18n = createHandlebars(en);

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

function entry(id: string, title: string, card: CardFlags & { display: CardDisplay }): FixtureSheet {
  return {
    id,
    title,
    template: "chat/resolution-card.hbs",
    classes: "chat-card",
    context: resolutionCardContext(cardInputOf(card, notesOf(card.effects)), nameOf, cardI18n),
  };
}

const combatInputs: CardInputLine[] = [
  { label: "Attackers", value: `${NAMES.gds} (8), ${NAMES.mr} (4)` },
  { label: "Defending hex", value: "T: woods, no minefield" },
  { label: "Defenders", value: `${NAMES.bde} (4), ${NAMES.acr} (3), ${NAMES.art} (2)` },
];

function combatCard(face: number): CardFlags & { display: CardDisplay } {
  const combat = resolveCombat(R, face);
  return {
    effects: combat.resolution.effects,
    state: "pending",
    display: {
      title: "Ground combat at T",
      inputs: combatInputs,
      breakdown: combat.resolution.breakdown,
      rolls: combat.resolution.rolls,
      ...groundCombatText(combat, cardI18n),
    },
    groundCombat: { plan: combat.plan, outcome: combat.outcome, splits: {} },
  };
}

/** "Attack beaten off": both sides share their hits; the defenders' owner has put both on the brigade. */
function pendingCombat(): FixtureSheet {
  const card = combatCard(3);
  const split = unwrap(
    resplit(card.groundCombat!, "defenders", [
      { actor: R.bde, hits: 2 },
      { actor: R.acr, hits: 0 },
    ]),
  );
  return entry("card-combat-pending", "Chat card: ground combat, split editor", {
    ...card,
    effects: split.effects,
    groundCombat: split.card,
  });
}

/** "Heavy fighting", applied: 3 hits on each attacker, the defenders' share of the artillery dropped. */
function appliedCombat(): FixtureSheet {
  return entry("card-combat-applied", "Chat card: ground combat, applied", { ...combatCard(6), state: "applied", applied: NO_WRITES });
}

/** The WP air team's repair roll (score 4 for Soviet squadrons), with what went in. */
function repairCard(state: "pending" | "reverted"): CardFlags & { display: CardDisplay } {
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
      title: "Aircraft repair: Warsaw Pact",
      inputs: [
        { label: "Air team", value: "Warsaw Pact" },
        { label: "Damaged squadrons", value: "1/9 GIAP (MiG-23), 2/357 OShAP (Su-25)" },
      ],
      breakdown: resolution.breakdown,
      rolls: resolution.rolls,
      tableRow: "Aircraft repair table: Soviet squadrons repair on 4 or less",
      outcome: "1/9 GIAP repaired; 2/357 OShAP lost",
    },
  };
}

export const cardGallery: readonly FixtureSheet[] = [
  pendingCombat(),
  appliedCombat(),
  entry("card-reverted", "Chat card: repair roll, undone", repairCard("reverted")),
  entry("card-inputs", "Chat card: repair roll with its inputs", repairCard("pending")),
];
