/**
 * Gallery entries of the ground-combat planner: an accepted plan (fire mission, CAS, cards) with
 * its breakdown and the chance of each CRT row, a refused one, and the planner on a scene with no
 * terrain map. Each context is the planner's own pure context over a real `planGroundCombat`,
 * worded by the real lang file.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { addMission, defaultState, type GroundCombatState } from "../../src/apps/ground-combat/state";
import { planFromState } from "../../src/apps/ground-combat/input";
import { groundCombatContext } from "../../src/apps/ground-combat/context";
import { frontField, uuid, worldOptions } from "../apps/ground-combat/fixture";

const classes = "application nobc nobc-ground-combat";
const template = "apps/ground-combat.hbs";

function view(field: ReturnType<typeof frontField>, state: GroundCombatState, i18n: Translator): object {
  return { ...groundCombatContext(field, state, planFromState(field, state).plan, i18n), busy: false };
}

const field = frontField();
const opening = defaultState(field, { selected: [uuid("w1"), uuid("w2")], targeted: [] }, worldOptions("zero"));
const withMission = addMission(field, opening);
const accepted: GroundCombatState = {
  ...withMission,
  missions: [{ supported: uuid("w1"), artillery: [uuid("wart")] }],
  cas: { [uuid("su25")]: uuid("gta") },
};
const refused: GroundCombatState = {
  ...opening,
  attackers: [uuid("w1"), uuid("w3")],
  cards: [...opening.cards, "Actor.gta.Item.cchem"],
};
const noMap = frontField({ map: false });

/** What the entries are built from (the pseudo-locale test reads the unit and card names in it). */
export const groundCombatFixtureData: readonly unknown[] = [field, noMap, accepted, refused];

/** The ground-combat planner, worded by `i18n`. */
export const groundCombatEntries = (i18n: Translator): FixtureSheet[] => [
  {
    id: "ground-combat-accepted",
    title: "Ground combat planner: accepted, with odds",
    template,
    classes,
    context: view(field, accepted, i18n),
  },
  { id: "ground-combat-refused", title: "Ground combat planner: refused", template, classes, context: view(field, refused, i18n) },
  {
    id: "ground-combat-no-map",
    title: "Ground combat planner: no terrain map",
    template,
    classes,
    context: view(noMap, defaultState(noMap, { selected: [uuid("w1"), uuid("w2")], targeted: [] }, worldOptions("mirror")), i18n),
  },
];
