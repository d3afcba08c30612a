/**
 * Gallery entries of the Not Quite Mechanised toolkit: the NQM unit sheet, each procedure's dialog
 * and its card. Contexts come from the same pure functions the sheet and the dialogs call.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { nqmUnitSheetContext } from "../../src/sheets/context/nqm-unit";
import type { NqmUnitSystemView } from "../../src/view/views";
import { cardInputOf, resolutionCardContext } from "../../src/chat/context";
import type { Card } from "../../src/apps/base/controller";
import { scriptedDice, unwrap, type Checked } from "../../src/rules/index";
import { withNames } from "../../src/words/phrase";
import { plainWorld } from "../apps/nqm/world-fixture";
import type { NqmWorld } from "../../src/apps/nqm/world";
import { firefightContext } from "../../src/apps/nqm/firefight/context";
import { firefightCard, firefightFromForm, initialFirefight } from "../../src/apps/nqm/firefight/state";
import { moraleContext } from "../../src/apps/nqm/morale/context";
import { initialMorale, moraleCard, moraleFromForm } from "../../src/apps/nqm/morale/state";
import { artilleryContext } from "../../src/apps/nqm/artillery/context";
import { artilleryCard, initialArtillery } from "../../src/apps/nqm/artillery/state";
import { airContext } from "../../src/apps/nqm/air/context";
import { airCard, initialAir } from "../../src/apps/nqm/air/state";
import { recceContext } from "../../src/apps/nqm/recce/context";
import { initialRecce, recceCard } from "../../src/apps/nqm/recce/state";
import { assaultContext } from "../../src/apps/nqm/assault/context";
import { assaultCard, initialAssault } from "../../src/apps/nqm/assault/state";
import { commandContext } from "../../src/apps/nqm/command/context";
import { commandCard, commandFromForm, initialCommand } from "../../src/apps/nqm/command/state";
import { disciplineContext } from "../../src/apps/nqm/discipline/context";
import { disciplineCard, initialDiscipline } from "../../src/apps/nqm/discipline/state";
import { logisticsContext } from "../../src/apps/nqm/logistics/context";
import { initialLogistics, logisticsCard, logisticsFromForm } from "../../src/apps/nqm/logistics/state";
import { supplyCheckContext } from "../../src/apps/nqm/supply-check/context";
import { initialSupplyCheck, supplyCheckCard } from "../../src/apps/nqm/supply-check/state";
import { reorganisationContext } from "../../src/apps/nqm/reorganisation/context";
import { initialReorganisation, reorganisationCard } from "../../src/apps/nqm/reorganisation/state";

const header = (name: string, uuid: string) => ({ name, img: "icons/svg/mystery-man.svg", uuid, editable: true, rulesEditable: true });

export const nqmRifleCompany: NqmUnitSystemView = {
  side: "nato",
  grade: "conscript",
  green: true,
  kind: "fighting",
  strength: { value: 8, max: 9 },
  combatUnits: 3,
  weight: "L",
  armour: "L",
  protection: "dugIn",
  pins: { red: 2, black: 1 },
  disorganised: true,
  disorganisedHours: 1,
  harassedHours: 2,
  broken: false,
  surrendered: false,
  withdrawn: false,
  ammo: 6,
  inSupply: true,
  supplyUnits: { log: 0, pol: 0 },
  recceTroops: false,
  commandBase: true,
  notes: "<p>Holding the crossroads at Hill 112.</p>",
  pinned: true,
  targetClass: "M",
};

const world = plainWorld(["a1", "a2", "w1"]);
const ambush = firefightFromForm(world, initialFirefight(world), { defenderShift: "ambushEffective", [`use:Actor.w2`]: true });
const dialogClasses = "application nobc nobc-nqm";

const breakTest = moraleFromForm(world, initialMorale(world, { unit: "Actor.w1" }), { role: "defending", casualtiesAfter: "2" });

const shoot = initialArtillery(world, { target: "Actor.a1", batteries: ["Actor.w2"] });

const sortie = initialAir(world, { aircraft: ["Actor.a2"], aa: ["Actor.w1"], target: "Actor.w2" });

const probe = initialRecce(world, { recce: "Actor.a1", defender: "Actor.w1" });

const assault = initialAssault(world, { attacker: "Actor.a1", defender: "Actor.w1" });

/** The battery holds the Warsaw Pact's dump; the dug-in company is down to one die and tracked, the other company of its side is empty. */
const supplied = plainWorld([], {
  w2: { supplyUnits: { log: 2, pol: 1 }, ammo: 2 },
  w1: { ammo: 1 },
});
const resupply = logisticsFromForm(supplied, initialLogistics(supplied), { [`tracked:Actor.w1`]: true });

/** The hourly supply check in play: three units ticked, the Warsaw Pact company already out of supply. */
const hourly: NqmWorld = { ...plainWorld(["a1", "a2", "w2"], { w1: { inSupply: false } }), hourlySupplyCheck: true };
const hourlyCheck = initialSupplyCheck(hourly);

export const nqmFixtureData: readonly unknown[] = [
  nqmRifleCompany,
  world,
  ambush,
  breakTest,
  shoot,
  sortie,
  probe,
  assault,
  supplied,
  resupply,
  hourly,
  hourlyCheck,
];

/** A posted card as the chat renders it, worded by `i18n`, the world's names for its UUIDs. */
function cardEntry(id: string, title: string, w: NqmWorld, checked: Checked<Card>, i18n: Translator): FixtureSheet {
  const card = unwrap(checked);
  const names = (ref: string) => w.units.find((u) => u.id === ref)?.name ?? ref;
  const display = {
    title: card.title,
    inputs: card.inputs ?? [],
    breakdown: card.resolution.breakdown,
    rolls: card.resolution.rolls,
    tableRow: "",
    outcome: card.outcome ?? "",
    noTotal: true as const,
  };
  return {
    id,
    title,
    template: "chat/resolution-card.hbs",
    classes: "chat-card",
    context: resolutionCardContext(cardInputOf({ effects: card.resolution.effects, state: "pending", display }, []), names, i18n),
  };
}

export const nqmGallery = (words: Translator): FixtureSheet[] =>
  nqmEntries(withNames(words, (id) => world.units.find((u) => u.id === id)?.name));

const nqmEntries = (i18n: Translator): FixtureSheet[] => [
  {
    id: "nqm-unit",
    title: "NQM unit: a green conscript company, dug in, pinned and disorganised",
    template: "actor/nqm-unit.hbs",
    classes: "actor nqm-unit",
    context: nqmUnitSheetContext(nqmRifleCompany, { ...header("2 Coy, 1st Rifles", "Actor.n1"), enrichedNotes: nqmRifleCompany.notes }),
    data: [nqmRifleCompany],
  },
  {
    id: "nqm-firefight",
    title: "NQM firefight: two companies against a dug-in company and a battery, the defender's ambush shifting its fire",
    template: "apps/nqm/firefight.hbs",
    classes: dialogClasses,
    context: firefightContext(world, ambush, i18n),
  },
  {
    id: "nqm-firefight-refused",
    title: "NQM firefight refused: no defender ticked",
    template: "apps/nqm/firefight.hbs",
    classes: dialogClasses,
    context: firefightContext(world, initialFirefight(plainWorld(["a1"])), i18n),
  },
  cardEntry("nqm-firefight-card", "NQM firefight card", world, firefightCard(world, ambush, scriptedDice([6, 4, 5, 6, 3]), i18n), i18n),
  {
    id: "nqm-morale",
    title: "NQM break test: a dug-in conscript company reaching a third casualties",
    template: "apps/nqm/morale.hbs",
    classes: dialogClasses,
    context: moraleContext(world, breakTest, i18n),
  },
  cardEntry(
    "nqm-morale-card",
    "NQM break test card: failed, disorganised",
    world,
    moraleCard(world, breakTest, scriptedDice([2]), i18n),
    i18n,
  ),
  {
    id: "nqm-reorganisation",
    title: "NQM reorganisation at the end of a turn: one red pin, an odd one",
    template: "apps/nqm/reorganisation.hbs",
    classes: dialogClasses,
    context: reorganisationContext(world, initialReorganisation(world, { unit: "Actor.a2" }), i18n),
  },
  cardEntry(
    "nqm-reorganisation-card",
    "NQM reorganisation card: the odd pin turns black",
    world,
    reorganisationCard(world, initialReorganisation(world, { unit: "Actor.a2" }), scriptedDice([2]), i18n),
    i18n,
  ),
  {
    id: "nqm-artillery",
    title: "NQM artillery: a battery's effective shoot on a company in the open",
    template: "apps/nqm/artillery.hbs",
    classes: dialogClasses,
    context: artilleryContext(world, shoot, i18n),
  },
  cardEntry(
    "nqm-artillery-card",
    "NQM artillery card: hits and an hour's disorganisation",
    world,
    artilleryCard(world, shoot, scriptedDice([5]), i18n),
    i18n,
  ),
  {
    id: "nqm-discipline",
    title: "NQM Restoring Discipline (house rule): a commissar fires on his own company",
    template: "apps/nqm/discipline.hbs",
    classes: dialogClasses,
    context: disciplineContext(world, initialDiscipline(world, { unit: "Actor.w1" }), i18n),
  },
  cardEntry(
    "nqm-discipline-card",
    "NQM Restoring Discipline card",
    world,
    disciplineCard(world, initialDiscipline(world, { unit: "Actor.w1" }), scriptedDice([5]), i18n),
    i18n,
  ),
  {
    id: "nqm-air",
    title: "NQM air-to-ground fireplan: one air stand against an AA company, then a battery",
    template: "apps/nqm/air.hbs",
    classes: dialogClasses,
    context: airContext(world, sortie, i18n),
  },
  cardEntry(
    "nqm-air-card",
    "NQM air fireplan card: the air gets through",
    world,
    airCard(world, sortie, scriptedDice([1, 6, 4]), i18n),
    i18n,
  ),
  {
    id: "nqm-recce",
    title: "NQM recce sequence: a regular company probes a dug-in conscript company",
    template: "apps/nqm/recce.hbs",
    classes: dialogClasses,
    context: recceContext(world, probe, i18n),
  },
  cardEntry(
    "nqm-recce-card",
    "NQM recce card: the defender opens fire at contact range",
    world,
    recceCard(world, probe, scriptedDice([1, 2, 6, 5]), i18n),
    i18n,
  ),
  {
    id: "nqm-assault",
    title: "NQM close assault, round 1: a regular company on a dug-in conscript company",
    template: "apps/nqm/assault.hbs",
    classes: dialogClasses,
    context: assaultContext(world, assault, i18n),
  },
  cardEntry(
    "nqm-assault-card",
    "NQM close assault card: one base breaks in",
    world,
    assaultCard(world, assault, scriptedDice([6, 5, 1, 4, 6]), i18n),
    i18n,
  ),
  {
    id: "nqm-command",
    title: "NQM timings: a vehicle bridge's hours, rolled",
    template: "apps/nqm/command.hbs",
    classes: dialogClasses,
    context: commandContext(commandFromForm(initialCommand({ mode: "task" }), { task: "vehicleBridge" }), i18n),
  },
  cardEntry(
    "nqm-command-card",
    "NQM timings card: orders from army",
    world,
    commandCard(commandFromForm(initialCommand(), { to: "army" }), scriptedDice([]), i18n),
    i18n,
  ),
  {
    id: "nqm-logistics",
    title: "NQM logistics: a battery's dump resupplies a tracked company overnight",
    template: "apps/nqm/logistics.hbs",
    classes: dialogClasses,
    context: logisticsContext(supplied, resupply, i18n),
  },
  {
    id: "nqm-logistics-refused",
    title: "NQM logistics refused: by day with no vehicle sent back",
    template: "apps/nqm/logistics.hbs",
    classes: dialogClasses,
    context: logisticsContext(supplied, logisticsFromForm(supplied, resupply, { overnight: false }), i18n),
  },
  cardEntry(
    "nqm-logistics-card",
    "NQM logistics card: one DIV LOG spent, no dice rolled",
    supplied,
    logisticsCard(supplied, resupply, i18n),
    i18n,
  ),
  {
    id: "nqm-supply-check",
    title: "NQM hourly supply check (house rule): three units checked, one already out of supply",
    template: "apps/nqm/supply-check.hbs",
    classes: dialogClasses,
    context: supplyCheckContext(hourly, hourlyCheck, i18n),
  },
  cardEntry(
    "nqm-supply-check-card",
    "NQM hourly supply check card: a 1 puts one company out of supply",
    hourly,
    supplyCheckCard(hourly, hourlyCheck, scriptedDice([1, 4, 6]), i18n),
    i18n,
  ),
];
