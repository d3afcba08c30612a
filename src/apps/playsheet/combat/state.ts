/**
 * The combat formula (seed 003, Combat and Results Table): attackers' status and factors minus the
 * defenders', plus supporting artillery, air support and 1d6, read on the Results Table, with the
 * retire dice and the overrun specials. Also the state of the overrun dialog, which is the same
 * fight under a breakthrough order.
 */
import { z } from "zod";
import {
  AIR_SUPPORT_KIND_LABELS,
  AIR_SUPPORT_LEVEL_LABELS,
  airSupportLevel,
  higherLevel,
  type AirSupportKind,
  type AirSupportLevel,
} from "../../../rules/playsheet/air-support";
import { ARTILLERY_KIND_LABELS, type ArtilleryKind } from "../../../rules/playsheet/artillery";
import {
  PLAYSHEET_ARM_LABELS,
  overrunConditions,
  resolvePlaysheetCombat,
  type PlaysheetArm,
  type PlaysheetCombatInput,
  type PlaysheetCombatOutcome,
} from "../../../rules/playsheet/combat";
import { COMBAT_RESULTS, type CombatResult, type CombatResultRow, type RetireDistance } from "../../../rules/playsheet/results";
import { constantDice, type Dice } from "../../../rules/dice";
import type { FormValues } from "../../base/controller";
import type { Procedure } from "../procedure";
import {
  chanceRows,
  type ChanceTable,
  checkField,
  MAX_NAME,
  numberField,
  outcomeSpread,
  readChoice,
  readFlag,
  readNumber,
  readText,
  type RowView,
  type SectionView,
  selectField,
  textField,
  type Translator,
  words,
  yesNo,
  shownName,
} from "../view";

const ARMS = Object.keys(PLAYSHEET_ARM_LABELS) as PlaysheetArm[];
const GUN_KINDS = Object.keys(ARTILLERY_KIND_LABELS) as ArtilleryKind[];
const AIR_KINDS: readonly AirSupportKind[] = ["german", "allied", "heavyBomber"];
const ADVANTAGES = ["none", "attacker", "defender"] as const;
const GROUNDS = ["open", "close"] as const;

/** The most units, batteries on one side of one fight. */
export const MAX_UNITS = 20;

const name = z.string().max(MAX_NAME);
const count = z.number().int().min(0).max(99);

const unitSchema = z
  .object({
    name,
    status: count,
    arm: z.enum(ARMS as [PlaysheetArm, ...PlaysheetArm[]]),
    fromAnotherFormation: z.boolean(),
    nonTactical: z.boolean(),
    outOfFuel: z.boolean(),
    unsupportedVsTanksInOpen: z.boolean(),
    /** Attackers only. */
    movedOverHalf: z.boolean(),
    /** Defenders only. */
    closeCountryVsTanks: z.boolean(),
  })
  .strict();

const gunSchema = z
  .object({ name, kind: z.enum(GUN_KINDS as [ArtilleryKind, ...ArtilleryKind[]]), status: count, rangeKm: z.number().min(0).max(999) })
  .strict();

const airSchema = z.object({ german: count, allied: count, heavyBomber: count }).strict();

export const combatSchema = z
  .object({
    attackers: z.array(unitSchema).max(MAX_UNITS),
    defenders: z.array(unitSchema).max(MAX_UNITS),
    attackerArtillery: z.array(gunSchema).max(MAX_UNITS),
    defenderArtillery: z.array(gunSchema).max(MAX_UNITS),
    attackerAir: airSchema,
    defenderAir: airSchema,
    prepared: z.boolean(),
    combinedArms: z.boolean(),
    tacticalAdvantage: z.enum(ADVANTAGES),
    breakthroughOrder: z.boolean(),
    defenderGround: z.enum(GROUNDS),
  })
  .strict();

export type CombatState = z.infer<typeof combatSchema>;
type Unit = CombatState["attackers"][number];
type Gun = CombatState["attackerArtillery"][number];
type UnitList = "attackers" | "defenders";
type GunList = "attackerArtillery" | "defenderArtillery";
const UNIT_LISTS: readonly UnitList[] = ["attackers", "defenders"];
const GUN_LISTS: readonly GunList[] = ["attackerArtillery", "defenderArtillery"];

export function newUnit(unitName = "", arm: PlaysheetArm = "infantry"): Unit {
  return {
    name: unitName,
    status: 3,
    arm,
    fromAnotherFormation: false,
    nonTactical: false,
    outOfFuel: false,
    unsupportedVsTanksInOpen: false,
    movedOverHalf: false,
    closeCountryVsTanks: false,
  };
}

function newGun(): Gun {
  return { name: "", kind: "field", status: 3, rangeKm: 6 };
}

const NO_AIR = { german: 0, allied: 0, heavyBomber: 0 };

/** The opening fight: the selected tokens attack, the targeted ones defend (one blank unit a side otherwise). */
export function initialCombat(selected: readonly string[], targeted: readonly string[], breakthroughOrder: boolean): CombatState {
  const arm: PlaysheetArm = breakthroughOrder ? "armour" : "infantry";
  return {
    attackers: (selected.length > 0 ? selected : [""]).slice(0, MAX_UNITS).map((n) => newUnit(n, arm)),
    defenders: (targeted.length > 0 ? targeted : [""]).slice(0, MAX_UNITS).map((n) => newUnit(n)),
    attackerArtillery: [],
    defenderArtillery: [],
    attackerAir: NO_AIR,
    defenderAir: NO_AIR,
    prepared: true,
    combinedArms: false,
    tacticalAdvantage: "none",
    breakthroughOrder,
    defenderGround: "open",
  };
}

const UNIT_FLAGS = [
  "fromAnotherFormation",
  "nonTactical",
  "outOfFuel",
  "unsupportedVsTanksInOpen",
  "movedOverHalf",
  "closeCountryVsTanks",
] as const;

const FLAG_KEYS: Readonly<Record<(typeof UNIT_FLAGS)[number], string>> = {
  fromAnotherFormation: "NOBC.Playsheet.Combat.Flag.fromAnotherFormation",
  nonTactical: "NOBC.Playsheet.Combat.Flag.nonTactical",
  outOfFuel: "NOBC.Playsheet.Combat.Flag.outOfFuel",
  unsupportedVsTanksInOpen: "NOBC.Playsheet.Combat.Flag.unsupportedVsTanksInOpen",
  movedOverHalf: "NOBC.Playsheet.Combat.Flag.movedOverHalf",
  closeCountryVsTanks: "NOBC.Playsheet.Combat.Flag.closeCountryVsTanks",
};

function unitFromForm(u: Unit, v: FormValues, at: string): Unit {
  const next: Record<string, unknown> = {
    name: readText(v, `${at}.name`, u.name),
    status: readNumber(v, `${at}.status`, u.status),
    arm: readChoice(v, `${at}.arm`, ARMS, u.arm),
  };
  for (const flag of UNIT_FLAGS) next[flag] = readFlag(v, `${at}.${flag}`, u[flag]);
  return next as Unit;
}

function gunFromForm(g: Gun, v: FormValues, at: string): Gun {
  return {
    name: readText(v, `${at}.name`, g.name),
    kind: readChoice(v, `${at}.kind`, GUN_KINDS, g.kind),
    status: readNumber(v, `${at}.status`, g.status),
    rangeKm: readNumber(v, `${at}.rangeKm`, g.rangeKm),
  };
}

function airFromForm(a: CombatState["attackerAir"], v: FormValues, at: string): CombatState["attackerAir"] {
  return {
    german: readNumber(v, `${at}.german`, a.german),
    allied: readNumber(v, `${at}.allied`, a.allied),
    heavyBomber: readNumber(v, `${at}.heavyBomber`, a.heavyBomber),
  };
}

export function combatFromForm(s: CombatState, v: FormValues): CombatState {
  return {
    attackers: s.attackers.map((u, i) => unitFromForm(u, v, `attackers.${i}`)),
    defenders: s.defenders.map((u, i) => unitFromForm(u, v, `defenders.${i}`)),
    attackerArtillery: s.attackerArtillery.map((g, i) => gunFromForm(g, v, `attackerArtillery.${i}`)),
    defenderArtillery: s.defenderArtillery.map((g, i) => gunFromForm(g, v, `defenderArtillery.${i}`)),
    attackerAir: airFromForm(s.attackerAir, v, "attackerAir"),
    defenderAir: airFromForm(s.defenderAir, v, "defenderAir"),
    prepared: readFlag(v, "prepared", s.prepared),
    combinedArms: readFlag(v, "combinedArms", s.combinedArms),
    tacticalAdvantage: readChoice(v, "tacticalAdvantage", ADVANTAGES, s.tacticalAdvantage),
    breakthroughOrder: readFlag(v, "breakthroughOrder", s.breakthroughOrder),
    defenderGround: readChoice(v, "defenderGround", GROUNDS, s.defenderGround),
  };
}

export function addRow(s: CombatState, list: string): CombatState {
  if ((UNIT_LISTS as readonly string[]).includes(list)) {
    const l = list as UnitList;
    return s[l].length >= MAX_UNITS ? s : { ...s, [l]: [...s[l], newUnit()] };
  }
  if ((GUN_LISTS as readonly string[]).includes(list)) {
    const l = list as GunList;
    return s[l].length >= MAX_UNITS ? s : { ...s, [l]: [...s[l], newGun()] };
  }
  return s;
}

export function removeRow(s: CombatState, list: string, index: number): CombatState {
  if (![...UNIT_LISTS, ...GUN_LISTS].includes(list as UnitList)) return s;
  const l = list as UnitList | GunList;
  return { ...s, [l]: (s[l] as readonly unknown[]).filter((_, i) => i !== index) };
}

/** A unit's, battery's name as typed, or its place in the list ("Attacker 2"). */
const FALLBACK: Readonly<Record<UnitList | GunList, string>> = {
  attackers: "A",
  defenders: "D",
  attackerArtillery: "AA",
  defenderArtillery: "DA",
};

/** The rules' references ("attackers.0") by the names shown. */
export function combatNames(s: CombatState): Map<string, string> {
  const names = new Map<string, string>();
  for (const l of [...UNIT_LISTS, ...GUN_LISTS]) {
    (s[l] as readonly { name: string }[]).forEach((u, i) => names.set(`${l}.${i}`, shownName(u.name, `${FALLBACK[l]}${i + 1}`)));
  }
  return names;
}

function airInput(a: CombatState["attackerAir"]): { kind: AirSupportKind; units: number }[] {
  return AIR_KINDS.filter((k) => a[k] !== 0).map((kind) => ({ kind, units: a[kind] }));
}

/** The rules' input of a fight: attackers' defender-only flags and defenders' attacker-only flags left out. */
export function combatInput(s: CombatState): PlaysheetCombatInput {
  const names = combatNames(s);
  const unit = (l: UnitList) =>
    s[l].map((u, i) => {
      const ref = `${l}.${i}`;
      const { movedOverHalf, closeCountryVsTanks, name: _typed, ...rest } = u;
      return { ...rest, ref, name: names.get(ref)!, ...(l === "attackers" ? { movedOverHalf } : { closeCountryVsTanks }) };
    });
  const guns = (l: GunList) =>
    s[l].map((g, i) => ({ ref: `${l}.${i}`, name: names.get(`${l}.${i}`)!, kind: g.kind, status: g.status, rangeKm: g.rangeKm }));
  return {
    attackers: unit("attackers"),
    defenders: unit("defenders"),
    attackerArtillery: guns("attackerArtillery"),
    defenderArtillery: guns("defenderArtillery"),
    attackerAirSupport: airInput(s.attackerAir),
    defenderAirSupport: airInput(s.defenderAir),
    prepared: s.prepared,
    combinedArms: s.combinedArms,
    ...(s.tacticalAdvantage === "none" ? {} : { tacticalAdvantage: s.tacticalAdvantage }),
    breakthroughOrder: s.breakthroughOrder,
    defenderGround: s.defenderGround,
  };
}

export function resolveCombat(s: CombatState, dice: Dice) {
  return resolvePlaysheetCombat(combatInput(s), dice);
}

const RESULT_KEYS: Readonly<Record<CombatResult, string>> = {
  totalSuccess: "NOBC.Playsheet.Combat.Result.totalSuccess",
  success: "NOBC.Playsheet.Combat.Result.success",
  limitedSuccess: "NOBC.Playsheet.Combat.Result.limitedSuccess",
  confused: "NOBC.Playsheet.Combat.Result.confused",
  beaten: "NOBC.Playsheet.Combat.Result.beaten",
};

function retireText(d: RetireDistance, i18n: Translator): string {
  return d.kind === "fixed"
    ? words(i18n, "NOBC.Playsheet.Combat.Km", { count: d.km })
    : d.dice === "1d3"
      ? i18n.localize("NOBC.Playsheet.Combat.HalfDie")
      : d.dice;
}

/** What a results row does, in words, for the defenders' ground. */
export function rowMeaning(row: CombatResultRow, ground: "open" | "close", overrun: boolean, i18n: Translator): string {
  const parts = [
    words(i18n, "NOBC.Playsheet.Combat.Meaning.losses", {
      attacker: row.attackerLossPerUnit + (overrun ? row.overrun!.extraAttackerLossPerUnit : 0),
      defender: row.defenderLossPerUnit,
    }),
  ];
  if (row.defenderRetire !== null)
    parts.push(words(i18n, "NOBC.Playsheet.Combat.Meaning.retire", { distance: retireText(row.defenderRetire[ground], i18n) }));
  if (row.defenderSupplyLossPerUnit > 0)
    parts.push(words(i18n, "NOBC.Playsheet.Combat.Meaning.supply", { count: row.defenderSupplyLossPerUnit }));
  if (row.attackersThrownBack) parts.push(i18n.localize("NOBC.Playsheet.Combat.Meaning.thrownBack"));
  if (row.defenderMayCounterAttack) parts.push(i18n.localize("NOBC.Playsheet.Combat.Meaning.counterAttack"));
  if (overrun)
    parts.push(
      i18n.localize(row.overrun!.mayFightAgain ? "NOBC.Playsheet.Combat.Meaning.overrunAgain" : "NOBC.Playsheet.Combat.Meaning.overrun"),
    );
  return parts.join("; ");
}

function rowOf(result: CombatResult): CombatResultRow {
  return COMBAT_RESULTS.find((r) => r.result === result)!;
}

/** The chance of each result: one die decides the row, the retire dice only how far. */
export function combatChances(s: CombatState, i18n: Translator): ChanceTable | null {
  const spread = outcomeSpread(
    (dice) => resolveCombat(s, dice),
    (o: PlaysheetCombatOutcome) => o.result,
  );
  if (spread === null) return null;
  const before = resolveCombat(s, constantDice(1));
  const scoreBefore = before.ok ? before.value.outcome.score - 1 : 0;
  const order = COMBAT_RESULTS.map((r) => r.result);
  return {
    intro: words(i18n, "NOBC.Playsheet.Combat.ChanceIntro", { score: scoreBefore }),
    rows: chanceRows(
      i18n,
      spread,
      (k) => order.indexOf(k as CombatResult),
      (x) => i18n.localize(RESULT_KEYS[x.key as CombatResult]),
      (x) => rowMeaning(rowOf(x.key as CombatResult), s.defenderGround, x.example.overrun, i18n),
    ),
  };
}

function unitRow(l: UnitList, u: Unit, i: number, i18n: Translator): RowView {
  const at = `${l}.${i}`;
  const flags = l === "attackers" ? UNIT_FLAGS.filter((f) => f !== "closeCountryVsTanks") : UNIT_FLAGS.filter((f) => f !== "movedOverHalf");
  return {
    fields: [
      textField(`${at}.name`, "NOBC.Playsheet.Name", u.name, i18n),
      numberField(`${at}.status`, "NOBC.Playsheet.Combat.Status", u.status, i18n),
      selectField(`${at}.arm`, "NOBC.Playsheet.Combat.Arm", PLAYSHEET_ARM_LABELS, u.arm, i18n),
      ...flags.map((f) => checkField(`${at}.${f}`, FLAG_KEYS[f], u[f], i18n)),
    ],
    remove: { list: l, index: i, label: i18n.localize("NOBC.Playsheet.Remove") },
  };
}

function gunRow(l: GunList, g: Gun, i: number, i18n: Translator): RowView {
  const at = `${l}.${i}`;
  return {
    fields: [
      textField(`${at}.name`, "NOBC.Playsheet.Name", g.name, i18n),
      selectField(`${at}.kind`, "NOBC.Playsheet.Artillery.Kind", ARTILLERY_KIND_LABELS, g.kind, i18n),
      numberField(`${at}.status`, "NOBC.Playsheet.Combat.Status", g.status, i18n),
      numberField(`${at}.rangeKm`, "NOBC.Playsheet.Artillery.Range", g.rangeKm, i18n),
    ],
    remove: { list: l, index: i, label: i18n.localize("NOBC.Playsheet.Remove") },
  };
}

function airRow(at: "attackerAir" | "defenderAir", a: CombatState["attackerAir"], i18n: Translator): RowView {
  return { fields: AIR_KINDS.map((k) => numberField(`${at}.${k}`, AIR_SUPPORT_KIND_LABELS[k], a[k], i18n)) };
}

export function combatSections(s: CombatState, i18n: Translator): SectionView[] {
  const advantage = {
    none: "NOBC.Playsheet.Combat.Advantage.none",
    attacker: "NOBC.Playsheet.Combat.Advantage.attacker",
    defender: "NOBC.Playsheet.Combat.Advantage.defender",
  };
  const ground = { open: "NOBC.Playsheet.Combat.Ground.open", close: "NOBC.Playsheet.Combat.Ground.close" };
  return [
    {
      heading: i18n.localize("NOBC.Playsheet.Combat.Attackers"),
      rows: s.attackers.map((u, i) => unitRow("attackers", u, i, i18n)),
      add: { list: "attackers", label: i18n.localize("NOBC.Playsheet.Combat.AddUnit") },
    },
    {
      heading: i18n.localize("NOBC.Playsheet.Combat.Defenders"),
      rows: s.defenders.map((u, i) => unitRow("defenders", u, i, i18n)),
      add: { list: "defenders", label: i18n.localize("NOBC.Playsheet.Combat.AddUnit") },
    },
    {
      heading: i18n.localize("NOBC.Playsheet.Combat.AttackerSupport"),
      rows: [...s.attackerArtillery.map((g, i) => gunRow("attackerArtillery", g, i, i18n)), airRow("attackerAir", s.attackerAir, i18n)],
      add: { list: "attackerArtillery", label: i18n.localize("NOBC.Playsheet.Combat.AddBattery") },
    },
    {
      heading: i18n.localize("NOBC.Playsheet.Combat.DefenderSupport"),
      rows: [...s.defenderArtillery.map((g, i) => gunRow("defenderArtillery", g, i, i18n)), airRow("defenderAir", s.defenderAir, i18n)],
      add: { list: "defenderArtillery", label: i18n.localize("NOBC.Playsheet.Combat.AddBattery") },
    },
    {
      heading: i18n.localize("NOBC.Playsheet.Combat.Fight"),
      rows: [
        {
          fields: [
            checkField("prepared", "NOBC.Playsheet.Combat.Prepared", s.prepared, i18n),
            checkField("combinedArms", "NOBC.Playsheet.Combat.CombinedArms", s.combinedArms, i18n),
            checkField("breakthroughOrder", "NOBC.Playsheet.Combat.BreakthroughOrder", s.breakthroughOrder, i18n),
          ],
        },
        {
          fields: [
            selectField("tacticalAdvantage", "NOBC.Playsheet.Combat.TacticalAdvantage", advantage, s.tacticalAdvantage, i18n),
            selectField("defenderGround", "NOBC.Playsheet.Combat.DefenderGround", ground, s.defenderGround, i18n),
          ],
        },
      ],
    },
  ];
}

/** The overrun conditions in words (seed 003, Results Table, special results). */
export function overrunLines(s: CombatState, i18n: Translator): string {
  const c = overrunConditions(combatInput(s));
  return [
    words(i18n, "NOBC.Playsheet.Overrun.MostlyArmour", { answer: yesNo(c.mostlyArmour, i18n) }),
    words(i18n, "NOBC.Playsheet.Overrun.TwiceStatus", {
      attacker: c.attackerStatus,
      defender: c.defenderStatus,
      answer: yesNo(c.twiceStatus, i18n),
    }),
    words(i18n, "NOBC.Playsheet.Overrun.Order", { answer: yesNo(c.breakthroughOrder, i18n) }),
  ].join(" ");
}

function list(names: readonly string[], i18n: Translator): string {
  return names.length === 0 ? i18n.localize("NOBC.Playsheet.None") : names.join(", ");
}

export function combatCard(s: CombatState, o: PlaysheetCombatOutcome, i18n: Translator) {
  const names = combatNames(s);
  const row = rowOf(o.result);
  const listOf = (l: UnitList | GunList) =>
    list(
      (s[l] as readonly unknown[]).map((_, i) => names.get(`${l}.${i}`)!),
      i18n,
    );
  const air = (a: CombatState["attackerAir"]) => {
    const level = airInput(a).reduce<AirSupportLevel>((best, x) => higherLevel(best, airSupportLevel(x.kind, x.units)), "none");
    return level === "none" ? i18n.localize("NOBC.Playsheet.None") : i18n.localize(AIR_SUPPORT_LEVEL_LABELS[level]);
  };
  const result = i18n.localize(RESULT_KEYS[o.result]);
  const band =
    row.minScore === null ? `≤ ${row.maxScore}` : row.maxScore === null ? `≥ ${row.minScore}` : `${row.minScore} … ${row.maxScore}`;
  return {
    title: { attackers: listOf("attackers"), defenders: listOf("defenders") },
    outcome: [
      words(i18n, "NOBC.Playsheet.Combat.Outcome", { result, score: o.score }),
      o.retireKm > 0 ? words(i18n, "NOBC.Playsheet.Combat.Retires", { count: o.retireKm }) : "",
      o.overrun
        ? i18n.localize(o.mayFightAgain ? "NOBC.Playsheet.Combat.Meaning.overrunAgain" : "NOBC.Playsheet.Combat.Meaning.overrun")
        : "",
      o.defenderMayCounterAttack ? i18n.localize("NOBC.Playsheet.Combat.Meaning.counterAttack") : "",
    ]
      .filter((x) => x !== "")
      .join(" "),
    tableRow: words(i18n, "NOBC.Playsheet.Combat.TableRow", { band, result }),
    inputs: [
      { label: i18n.localize("NOBC.Playsheet.Combat.Attackers"), value: listOf("attackers") },
      { label: i18n.localize("NOBC.Playsheet.Combat.Defenders"), value: listOf("defenders") },
      { label: i18n.localize("NOBC.Playsheet.Combat.AttackerArtillery"), value: listOf("attackerArtillery") },
      { label: i18n.localize("NOBC.Playsheet.Combat.DefenderArtillery"), value: listOf("defenderArtillery") },
      { label: i18n.localize("NOBC.Playsheet.Combat.AttackerAir"), value: air(s.attackerAir) },
      { label: i18n.localize("NOBC.Playsheet.Combat.DefenderAir"), value: air(s.defenderAir) },
      { label: i18n.localize("NOBC.Playsheet.Combat.Prepared"), value: yesNo(s.prepared, i18n) },
      { label: i18n.localize("NOBC.Playsheet.Combat.BreakthroughOrder"), value: yesNo(s.breakthroughOrder, i18n) },
    ],
  };
}

export const combatProcedure: Procedure<CombatState, PlaysheetCombatOutcome> = {
  id: "playsheet.combat",
  keys: { title: "NOBC.Playsheet.Combat.Title", hint: "NOBC.Playsheet.Combat.Hint", cardTitle: "NOBC.Playsheet.Combat.CardTitle" },
  icon: "fa-solid fa-burst",
  width: 760,
  schema: combatSchema,
  rolls: true,
  initial: (world) => initialCombat(world.selected, world.targeted, false),
  fromForm: combatFromForm,
  add: addRow,
  remove: removeRow,
  sections: combatSections,
  resolve: resolveCombat,
  chances: combatChances,
  names: combatNames,
  card: combatCard,
};
