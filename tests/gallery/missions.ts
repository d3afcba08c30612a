/**
 * Gallery entries of the Team Yankee missions: the set-up dialog (battle plans, and refused), the
 * tracker's procedure dialogs (reserves list over the 60 % limit, reserves roll, minefield, victory
 * points), the mission panel of the combat tracker (set-up, a meeting engagement's first turn, a
 * dusk game's turn 3, the end) and the cards (set-up, reserves, victory). Each context is built by
 * the missions' own pure functions; the cards' dice are scripted.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import type { Card } from "../../src/apps/base/controller";
import type { CardFlags, CardDisplay } from "../../src/chat/card-data";
import { cardInputOf, resolutionCardContext } from "../../src/chat/context";
import { planEffects, type DocumentSnapshot } from "../../src/effects/apply";
import { scriptedDice } from "../../src/rules/dice";
import { speak } from "../../src/words/phrase";
import type { missions } from "../../src/rules/index";
import type { Checked } from "../../src/rules/resolution";
import { INITIAL_SETUP, setupCard, type SetupState } from "../../src/apps/missions/setup/state";
import { setupContext } from "../../src/apps/missions/setup/context";
import { tracked, type Procedure, type Tracked } from "../../src/apps/missions/procedures/procedure";
import { reserveListProcedure } from "../../src/apps/missions/procedures/reserve-list";
import { reservesProcedure } from "../../src/apps/missions/procedures/reserves";
import { minefieldProcedure } from "../../src/apps/missions/procedures/minefield";
import { victoryProcedure } from "../../src/apps/missions/procedures/victory";
import { turnProcedure } from "../../src/apps/missions/procedures/turn";
import { lightProcedure } from "../../src/apps/missions/procedures/light";
import { withdrawalProcedure } from "../../src/apps/missions/procedures/withdrawal";
import { clearingProcedure } from "../../src/apps/missions/procedures/clearing";
import { ambushProcedure } from "../../src/apps/missions/procedures/ambush";
import { nightProcedure } from "../../src/apps/missions/procedures/night";
import { arrivalsController } from "../../src/apps/missions/arrivals/controller";
import { panelPartContext } from "../../src/combat/tracker";
import { missionPanelContext } from "../../src/combat/mission-panel";
import type { MissionWorld } from "../../src/apps/missions/world";

const COMBAT = "Combat.tymGallery00001";
const force = (name: string, reserves = 0, extra: Partial<missions.MissionForceTrack> = {}): missions.MissionForceTrack => ({
  name,
  reserves,
  delayCounters: 0,
  unitsLost: 0,
  points: -1,
  ...extra,
});
const base: missions.MissionTrack = {
  mission: "breakthrough",
  attackerFaction: "wp",
  firstPlayer: "attacker",
  timeOfDay: "dusk",
  light: "daylight",
  measure: "inches",
  turn: 0,
  player: "attacker",
  journal: "JournalEntry.tymGalleryJournal1",
  attackerForce: force("2nd Motor Rifle Bn", 1),
  defenderForce: force("Team Bravo", 2),
  ended: false,
  winner: "",
  revision: 0,
};
const at = (patch: Partial<missions.MissionTrack>): missions.MissionTrack => ({ ...base, ...patch });
const world = (track: missions.MissionTrack | null): MissionWorld => ({
  isGM: true,
  combat: track === null ? null : { uuid: COMBAT, track },
  arrivals: null,
  sceneName: "Breakthrough at Hof",
});

const setup: SetupState = {
  ...INITIAL_SETUP,
  method: "battlePlans",
  natoPlan: "manoeuvre",
  wpPlan: "attack",
  natoName: "Team Bravo",
  wpName: "2nd Motor Rifle Bn",
};
const refusedSetup: SetupState = {
  ...INITIAL_SETUP,
  method: "random",
  attacker: "infantry",
  natoInfantry: 3,
  wpInfantry: 3,
  time: "dusk",
};
const reserveList = {
  side: "defender" as const,
  agreedPoints: 100,
  units: [
    { name: "1st Platoon", points: 40, inReserve: false, kind: "tank" as const, frontArmour: 2 },
    { name: "2nd Platoon", points: 25, inReserve: false, kind: "tank" as const, frontArmour: 2 },
    { name: "3rd Platoon", points: 35, inReserve: true, kind: "other" as const, frontArmour: 0 },
  ],
};
const minefield = {
  unit: "T-72 Company",
  skill: 4,
  teams: [
    { name: "T-72 (1)", kind: "tank" as const, rating: 1 },
    { name: "BMP-2", kind: "other" as const, rating: 3 },
  ],
};
const victory = { winner: "defender" as const, attackerLost: 3, defenderLost: 2 };
const clearing = {
  unit: "Pioneer Platoon",
  leaderPinned: false,
  team: "Pioneer team (1)",
  kind: "infantry" as const,
  clearingDevice: false,
  toLeader: 4,
  toMinefield: 2,
  enteredEarlier: true,
};
const ambush = {
  unit: "Leopard Platoon",
  allInCommand: true,
  rows: [
    {
      team: "Leopard 1 (1)",
      inDeploymentArea: true,
      enemy: "T-72 (1)",
      kind: "tank" as const,
      distance: 16,
      inLineOfSight: true,
      concealed: true,
    },
  ],
};
const night = { unit: "T-72 Company" };
const withdrawal = { units: 4 };

/** What the entries are built from: force names and unit names are data, not words. */
export const missionsFixtureData: readonly unknown[] = [base, setup, reserveList, minefield, clearing, ambush, night, world(base)];

const dialog = <S>(p: Procedure<S>, state: S, track: missions.MissionTrack, i18n: Translator): object => {
  const w = world(track);
  const t = tracked(w)!;
  return {
    ...p.view(state, t, w, i18n),
    refusals: p.refusals(state, t, w).map((r) => speak(r.text, i18n)),
    submitLabel: i18n.localize(p.submit),
    submitIcon: p.submitIcon,
  };
};

function card(id: string, title: string, made: Card, i18n: Translator): FixtureSheet {
  const r = made.resolution;
  const display: CardDisplay = {
    title: made.title,
    inputs: made.inputs ?? [],
    breakdown: r.breakdown,
    rolls: r.rolls,
    tableRow: "",
    outcome: made.outcome ?? "",
    ...(made.total === false ? { noTotal: true as const } : {}),
  };
  const flags: CardFlags & { display: CardDisplay } = { effects: r.effects, state: "applied", display };
  return {
    id,
    title,
    template: "chat/resolution-card.hbs",
    classes: "chat-card",
    context: resolutionCardContext(cardInputOf(flags, planEffects(r.effects, lookup).notes), (ref) => ref, i18n),
  };
}

/** The tracker as the write path finds it, so the cards show no note (as in Foundry, where it exists). */
const lookup = (uuid: string): DocumentSnapshot | undefined =>
  uuid === COMBAT ? { uuid, id: COMBAT.slice(7), documentName: "Combat", type: "nobcMission", name: "", system: { ...base } } : undefined;

const ok = (checked: Checked<Card>): Card => {
  if (!checked.ok) throw new Error(`a gallery card was refused: ${JSON.stringify(checked.refusals)}`);
  return checked.value;
};

const panel = (track: missions.MissionTrack) => ({
  nobc: {
    ...panelPartContext("default", null),
    mission: {
      ...missionPanelContext(track, true, () => true),
      // The buttons the mission dialogs register on init (the registry is empty in the gallery).
      actions: [
        { id: "missions.turn", label: "NOBC.Mission.Turn.Title", icon: "fa-solid fa-forward-step" },
        { id: "missions.victory", label: "NOBC.Mission.Victory.Title", icon: "fa-solid fa-trophy" },
      ],
    },
  },
});

export const missionsGallery = (i18n: Translator): FixtureSheet[] => {
  const turn3 = at({ turn: 3, player: "defender" });
  const t3: Tracked = tracked(world(turn3))!;
  // A rearguard's defender from turn 2 checks for withdrawal; a dusk game goes dark.
  const rearguard = at({
    mission: "rearguard",
    timeOfDay: "daylight",
    turn: 3,
    player: "defender",
    defenderForce: force("Team Bravo", 0, { delayCounters: 2 }),
  });
  const tR: Tracked = tracked(world(rearguard))!;
  const dark = at({ turn: 5, player: "attacker", light: "darkness" });
  const tD: Tracked = tracked(world(dark))!;
  const procedure = <S>(id: string, title: string, p: Procedure<S>, state: S, track: missions.MissionTrack): FixtureSheet => ({
    id,
    title,
    template: "apps/missions/procedure.hbs",
    classes: "dialog",
    context: dialog(p, state, track, i18n),
  });
  return [
    {
      id: "missions-setup",
      title: "Mission set-up: battle plans",
      template: "apps/missions/setup.hbs",
      classes: "dialog",
      context: setupContext(setup, world(null), i18n),
    },
    {
      id: "missions-setup-refused",
      title: "Mission set-up refused (dawn or dusk not the attacker's to choose), equal infantry",
      template: "apps/missions/setup.hbs",
      classes: "dialog",
      context: setupContext(refusedSetup, world(base), i18n),
    },
    {
      id: "missions-reserve-list",
      title: "Reserves list over the 60 % limit",
      template: "apps/missions/procedure.hbs",
      classes: "dialog",
      context: dialog(reserveListProcedure, reserveList, base, i18n),
    },
    {
      id: "missions-reserves",
      title: "Reserves roll (defender, turn 3)",
      template: "apps/missions/procedure.hbs",
      classes: "dialog",
      context: dialog(reservesProcedure, {}, turn3, i18n),
    },
    {
      id: "missions-minefield",
      title: "Crossing a minefield",
      template: "apps/missions/procedure.hbs",
      classes: "dialog",
      context: dialog(minefieldProcedure, minefield, turn3, i18n),
    },
    {
      id: "missions-victory",
      title: "Victory points",
      template: "apps/missions/procedure.hbs",
      classes: "dialog",
      context: dialog(victoryProcedure, victory, turn3, i18n),
    },
    procedure("missions-turn", "Next player-turn", turnProcedure, {}, turn3),
    procedure("missions-light", "Dusk: does the light change?", lightProcedure, {}, turn3),
    procedure("missions-withdrawal", "Strategic withdrawal check (rearguard)", withdrawalProcedure, withdrawal, rearguard),
    procedure("missions-clearing", "Clearing a gap through a minefield", clearingProcedure, clearing, turn3),
    procedure("missions-ambush", "Springing an ambush", ambushProcedure, ambush, turn3),
    procedure("missions-night", "Seeing at night", nightProcedure, night, dark),
    {
      id: "missions-arrivals",
      title: "Where scattered reserves arrive (the scene's table)",
      template: "apps/missions/arrivals.hbs",
      classes: "dialog",
      context: arrivalsController.context(
        { faces: ["edge:ownLong", "edge:ownLong", "corner:ownLeft", "corner:ownRight", "edge:leftShort", "edge:rightShort"] },
        world(base),
        i18n,
      ),
    },
    {
      id: "missions-tracker-setup",
      title: "Mission tracker: set-up (GM)",
      template: "combat/turn.hbs",
      classes: "tracker",
      context: panel(base),
    },
    {
      id: "missions-tracker-meeting",
      title: "Mission tracker: a meeting engagement's first turn",
      template: "combat/turn.hbs",
      classes: "tracker",
      context: panel(at({ mission: "annihilation", timeOfDay: "daylight", turn: 1, firstPlayer: "defender", player: "defender" })),
    },
    {
      id: "missions-tracker-dusk",
      title: "Mission tracker: turn 3 at dusk, checks due",
      template: "combat/turn.hbs",
      classes: "tracker",
      context: panel(turn3),
    },
    {
      id: "missions-tracker-ended",
      title: "Mission tracker: the end, the defender's major victory",
      template: "combat/turn.hbs",
      classes: "tracker",
      context: panel(
        at({
          turn: 6,
          light: "darkness",
          ended: true,
          winner: "defender",
          attackerForce: force("2nd Motor Rifle Bn", 0, { unitsLost: 3, points: 2 }),
          defenderForce: force("Team Bravo", 0, { unitsLost: 2, points: 7 }),
        }),
      ),
    },
    card(
      "missions-card-setup",
      "Chat card: mission set-up",
      ok(setupCard(setup, COMBAT, "tymGalleryJourna", scriptedDice([1, 5]), i18n)),
      i18n,
    ),
    card(
      "missions-card-reserves",
      "Chat card: reserves roll",
      ok(reservesProcedure.card({}, t3, world(turn3), scriptedDice([1, 2, 4]), i18n)),
      i18n,
    ),
    card("missions-card-turn", "Chat card: next player-turn", ok(turnProcedure.card({}, t3, world(turn3), scriptedDice([]), i18n)), i18n),
    card(
      "missions-card-light",
      "Chat card: dusk light check",
      ok(lightProcedure.card({}, t3, world(turn3), scriptedDice([6, 6, 6, 6]), i18n)),
      i18n,
    ),
    card(
      "missions-card-withdrawal",
      "Chat card: strategic withdrawal",
      ok(withdrawalProcedure.card(withdrawal, tR, world(rearguard), scriptedDice([]), i18n)),
      i18n,
    ),
    card(
      "missions-card-minefield",
      "Chat card: crossing a minefield",
      ok(minefieldProcedure.card(minefield, t3, world(turn3), scriptedDice([1, 5, 2, 6, 3, 4]), i18n)),
      i18n,
    ),
    card(
      "missions-card-clearing",
      "Chat card: clearing a gap",
      ok(clearingProcedure.card(clearing, t3, world(turn3), scriptedDice([5, 5, 5]), i18n)),
      i18n,
    ),
    card("missions-card-ambush", "Chat card: ambush", ok(ambushProcedure.card(ambush, t3, world(turn3), scriptedDice([]), i18n)), i18n),
    card(
      "missions-card-night",
      "Chat card: seeing at night",
      ok(nightProcedure.card(night, tD, world(dark), scriptedDice([4, 3]), i18n)),
      i18n,
    ),
    card(
      "missions-card-victory",
      "Chat card: victory points",
      ok(victoryProcedure.card(victory, t3, world(turn3), scriptedDice([]), i18n)),
      i18n,
    ),
  ];
};
