/**
 * Morale (NQM seed 004): a unit's break tests as its casualties rise (Table 9 score column, Unit
 * Grading), the test infantry take when tanks roll into their position, and tank terror. The unit's
 * grade, Green flag and starting bases come from its sheet. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Phrase, type Resolution } from "../../../rules/resolution";
import type { MoraleUnit } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import { nqmCard, numberOf, percent, scoreChance, text, ticked, words, type ChanceView, type Translator } from "../view";
import { casualtiesOf, nqmUnit, unitToOpen, unknownUnit, type NqmUnitView, type NqmWorld } from "../world";

export type MoraleTest = "break" | "position" | "tankTerror";
export const MORALE_TESTS: readonly MoraleTest[] = ["break", "position", "tankTerror"];

export interface MoraleState {
  readonly test: MoraleTest;
  readonly unit: string;
  readonly role: "attacking" | "defending";
  readonly casualtiesBefore: number;
  readonly casualtiesAfter: number;
  /** Tank terror: friendly tanks or effective anti-tank fire support the unit; the first time tanks attack it. */
  readonly supported: boolean;
  readonly firstTime: boolean;
}

export const moraleStateSchema = z.strictObject({
  test: z.enum(["break", "position", "tankTerror"]),
  unit: uuidOrEmpty,
  role: z.enum(["attacking", "defending"]),
  casualtiesBefore: z.number(),
  casualtiesAfter: z.number(),
  supported: z.boolean(),
  firstTime: z.boolean(),
});

/** The macro's arguments: the unit by UUID and the test. */
export const moraleArgsSchema = moraleStateSchema.pick({ unit: true, test: true }).partial();

export type MoraleArgs = z.infer<typeof moraleArgsSchema>;

export function initialMorale(world: NqmWorld, args: MoraleArgs = {}): MoraleState {
  const id = unitToOpen(world, args.unit);
  const unit = nqmUnit(world, id);
  const casualties = unit === undefined ? 0 : casualtiesOf(unit);
  return {
    test: args.test ?? "break",
    unit: id,
    role: "defending",
    casualtiesBefore: casualties,
    casualtiesAfter: casualties,
    supported: false,
    firstTime: true,
  };
}

export function moraleFromForm(world: NqmWorld, prev: MoraleState, values: Readonly<Record<string, unknown>>): MoraleState {
  const unit = "unit" in values ? text(values["unit"]) : prev.unit;
  if (unit !== prev.unit) return { ...initialMorale(world, { unit, test: prev.test }), role: prev.role };
  return {
    test: MORALE_TESTS.find((t) => t === values["test"]) ?? prev.test,
    unit,
    role: values["role"] === "attacking" || values["role"] === "defending" ? values["role"] : prev.role,
    casualtiesBefore: numberOf(values["casualtiesBefore"], prev.casualtiesBefore),
    casualtiesAfter: numberOf(values["casualtiesAfter"], prev.casualtiesAfter),
    supported: "supported" in values ? ticked(values["supported"]) : prev.supported,
    firstTime: "firstTime" in values ? ticked(values["firstTime"]) : prev.firstTime,
  };
}

function moraleUnit(unit: NqmUnitView): MoraleUnit {
  return { actor: unit.id, name: unit.name, grade: unit.system.grade, green: unit.system.green };
}

/** The test as the rules resolve it with these dice, or the dialog's refusal of an unknown unit. */
export function moraleResolution(world: NqmWorld, state: MoraleState, dice: Dice): Checked<Resolution<unknown>> {
  const unit = nqmUnit(world, state.unit);
  if (unit === undefined) return { ok: false, refusals: [unknownUnit(state.unit, "unit")] };
  const m = moraleUnit(unit);
  if (state.test === "position") return { ok: true, value: nqm.resolvePositionTest(m, dice) };
  if (state.test === "tankTerror")
    return { ok: true, value: nqm.resolveTankTerror({ unit: m, supported: state.supported, firstTime: state.firstTime }, dice) };
  return nqm.resolveBreakTest(
    {
      unit: m,
      role: state.role,
      strength: unit.system.strength.max,
      casualtiesBefore: state.casualtiesBefore,
      casualtiesAfter: state.casualtiesAfter,
    },
    dice,
  );
}

/** The chance of each test passing, before the roll. */
export function moraleChances(world: NqmWorld, state: MoraleState, i18n: Translator): ChanceView[] {
  const unit = nqmUnit(world, state.unit);
  if (unit === undefined) return [];
  const score = nqm.gradeRow(unit.system.grade).passScore;
  if (state.test === "position") return [{ label: words(i18n, "NOBC.Nqm.Morale.Chance.holds"), chance: percent(scoreChance(score), i18n) }];
  if (state.test === "tankTerror") {
    const applies = !["elite", "veteran"].includes(unit.system.grade) && !state.supported && state.firstTime;
    const surrender = applies ? scoreChance(1) - scoreChance(nqm.TANK_TERROR_SCORE) : 0;
    return [{ label: words(i18n, "NOBC.Nqm.Morale.Chance.surrenders"), chance: percent(surrender, i18n) }];
  }
  let kinds: nqm.BreakTestKind[];
  try {
    kinds = nqm.dueBreakTests(unit.system, state.role, unit.system.strength.max, state.casualtiesBefore, state.casualtiesAfter);
  } catch {
    return [];
  }
  if (kinds.length === 0) return [{ label: words(i18n, "NOBC.Nqm.Morale.Chance.noTest"), chance: percent(1, i18n) }];
  return kinds.map((k) => ({
    label: words(i18n, "NOBC.Nqm.Morale.Chance.passes", { test: phrase(nqm.TEST_LABEL[k]) }),
    chance: percent(scoreChance(score), i18n),
  }));
}

export const ROLE_LABEL: Readonly<Record<MoraleState["role"], string>> = {
  attacking: "NOBC.Nqm.Morale.attacking",
  defending: "NOBC.Nqm.Morale.defending",
};

const TEST_LABEL: Readonly<Record<MoraleTest, string>> = {
  break: "NOBC.Nqm.Morale.Test.break",
  position: "NOBC.Nqm.Morale.Test.position",
  tankTerror: "NOBC.Nqm.Morale.Test.tankTerror",
};
export { TEST_LABEL as MORALE_TEST_LABEL };

function outcomePhrase(state: MoraleState, name: string, outcome: unknown): Phrase {
  if (state.test === "position")
    return phrase((outcome as { passed: boolean }).passed ? "NOBC.Nqm.Morale.Holds" : "NOBC.Nqm.Morale.Gives", { unit: name });
  if (state.test === "tankTerror") {
    const o = outcome as { applies: boolean; surrendered: boolean };
    return phrase(!o.applies ? "NOBC.Nqm.Morale.NoTerror" : o.surrendered ? "NOBC.Nqm.Morale.Surrenders" : "NOBC.Nqm.Morale.Stands", {
      unit: name,
    });
  }
  const o = outcome as nqm.BreakTestOutcome;
  if (o.tests.length === 0) return phrase("NOBC.Nqm.Morale.NoTestDue", { unit: name });
  if (o.breaksOff) return phrase("NOBC.Nqm.Morale.BreaksOff", { unit: name });
  return phrase(o.disorganised ? "NOBC.Nqm.Morale.Disorganised" : "NOBC.Nqm.Morale.Passed", { unit: name });
}

export function moraleCard(world: NqmWorld, state: MoraleState, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = moraleResolution(world, state, dice);
  if (!checked.ok) return checked;
  const unit = nqmUnit(world, state.unit)!;
  const inputs = [
    { label: i18n.localize("NOBC.Nqm.Morale.Test.label"), value: i18n.localize(TEST_LABEL[state.test]) },
    { label: i18n.localize("NOBC.Nqm.Unit"), value: `${unit.name} (${speak(nqm.gradeLabel(unit.system.grade), i18n)})` },
    ...(state.test === "break"
      ? [
          { label: i18n.localize("NOBC.Nqm.Morale.Role"), value: i18n.localize(ROLE_LABEL[state.role]) },
          {
            label: i18n.localize("NOBC.Nqm.Morale.CasualtiesLabel"),
            value: words(i18n, "NOBC.Nqm.Morale.CasualtiesValue", {
              before: state.casualtiesBefore,
              after: state.casualtiesAfter,
              strength: unit.system.strength.max,
            }),
          },
        ]
      : []),
  ];
  const title = words(i18n, "NOBC.Nqm.Morale.CardTitle", { test: phrase(TEST_LABEL[state.test]), unit: unit.name });
  return { ok: true, value: nqmCard(title, checked.value, speak(outcomePhrase(state, unit.name, checked.value.outcome), i18n), inputs) };
}
