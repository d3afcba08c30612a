/**
 * Gallery entries of the turn tracker (src/combat/): the turn panel in the Air War (the Land War
 * folded), mid-Land War with NATO moving first (GM) and with the Warsaw Pact moving first (player),
 * the Planning countdown, the HQs grouped by side with their symbols, and the GM's footer. Each
 * context is built by the tracker's own pure functions.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import { hqListContext, panelPartContext, turnPanelContext, type TurnPanelView } from "../../src/combat/tracker";
import { turn } from "../../src/rules/index";
import { hqFixture } from "../combat/fixtures";
import { readinessView } from "../../src/combat/readiness";
import { readinessPanelContext } from "../../src/combat/readiness-panel";

function panel(view: TurnPanelView | null): object {
  return { nobc: panelPartContext("turn", view) };
}

/** The button the ground-combat planner registers for its stage (the registry is empty in the gallery). */
const groundCombatButtons = [{ id: "groundCombat.plan", label: "NOBC.GroundCombat.StageAction", icon: "fa-solid fa-crosshairs" }];

const natoFirst = turnPanelContext({ turn: 3, stage: turn.stageIndex("groundCombat"), planningEndsAt: null }, hqFixture(true), true, 0);
const wpFirst = turnPanelContext({ turn: 3, stage: turn.stageIndex("movement"), planningEndsAt: null }, hqFixture(false), false, 0);
const airWar = turnPanelContext({ turn: 3, stage: turn.stageIndex("airCombat"), planningEndsAt: null }, hqFixture(true), true, 0);
const planning = turnPanelContext({ turn: 0, stage: turn.stageIndex("planning"), planningEndsAt: 450_000 }, hqFixture(false), false, 0);

/** Who has acted at Orders: one HQ's Orders posted, the Warsaw Pact marked ready; unfolded. */
const readyHqs = hqFixture(true).map((h) => ({ uuid: h.uuid, name: h.name, side: h.side }));
const readyPlayers = readyHqs.map((_, i) => `Player ${String(i + 1)}`);
const readyAt = (mine: (mark: string) => boolean) =>
  readinessView({
    stage: "orders",
    hqs: readyHqs,
    marks: ["wp"],
    posted: new Set(readyHqs.slice(0, 1).map((h) => h.uuid)),
    players: new Map(readyHqs.map((h, i) => [h.uuid, [readyPlayers[i]!]])),
    mayMark: mine,
  });
const natoPlayer = readyAt((m) => m === "nato" || readyHqs.some((h) => h.side === "nato" && h.uuid === m));

/** What the entries are built from (the pseudo-locale test reads the HQ names in it). */
export const trackerFixtureData: readonly unknown[] = [hqFixture(true), hqFixture(false), readyPlayers.map((name) => ({ name }))];

/** The tracker's parts; their contexts hold keys, which the templates write in the gallery's language. */
export const trackerGallery: readonly FixtureSheet[] = [
  {
    id: "tracker-air-war",
    title: "Turn tracker (turn 3, Air War step 3, the Land War folded, GM)",
    template: "combat/turn.hbs",
    classes: "tracker",
    context: panel(airWar),
  },
  {
    id: "tracker-nato-first",
    title: "Turn tracker (turn 3, Ground Combat, NATO moves first, GM)",
    template: "combat/turn.hbs",
    classes: "tracker",
    context: panel(natoFirst === null ? null : { ...natoFirst, actions: groundCombatButtons }),
  },
  {
    id: "tracker-wp-first",
    title: "Turn tracker (turn 3, Movement, WP moves first, player)",
    template: "combat/turn.hbs",
    classes: "tracker",
    context: panel(wpFirst),
  },
  {
    id: "tracker-planning",
    title: "Turn tracker (turn 0, Planning countdown)",
    template: "combat/turn.hbs",
    classes: "tracker",
    context: panel(planning),
  },
  {
    id: "tracker-hqs",
    title: "Turn tracker: HQs by side (GM, one new HQ to add)",
    template: "combat/hqs.hbs",
    classes: "tracker",
    context: { nobc: hqListContext(hqFixture(true), 1, true) },
  },
  {
    id: "tracker-ready-player",
    title: "Turn tracker: who has acted at Orders (NATO player, unfolded)",
    template: "combat/readiness.hbs",
    classes: "tracker",
    context: { nobc: readinessPanelContext(natoPlayer, [], readyHqs, false, false, true) },
  },
  {
    id: "tracker-ready-gm",
    title: "Turn tracker: who has acted, folded, Control went on without NATO, the stage clock (GM)",
    template: "combat/readiness.hbs",
    classes: "tracker",
    context: {
      nobc: readinessPanelContext(
        readyAt(() => true),
        ["nato"],
        readyHqs,
        true,
        true,
      ),
    },
  },
  {
    id: "tracker-footer",
    title: "Turn tracker: GM controls (Back and Next name their stages)",
    template: "combat/footer.hbs",
    classes: "tracker",
    context: { nobc: natoFirst },
  },
];
