/** Bombing, interdiction and flak suppression (seed 003): the force's row, one die per unit in the square. */
import { z } from "zod";
import {
  INTERDICTION_RESULT_LABELS,
  resolveInterdiction,
  type InterdictionInput,
  type InterdictionOutcome,
  type InterdictionResult,
} from "../../../rules/playsheet/interdiction";
import { constantDice, type Dice } from "../../../rules/dice";
import type { Procedure } from "../procedure";
import {
  chanceRows,
  MAX_NAME,
  numberField,
  outcomeSpread,
  readChoice,
  readNumber,
  readText,
  selectField,
  textField,
  words,
  shownName,
} from "../view";

const PURPOSES = ["interdiction", "flakSuppression"] as const;
export const MAX_TARGETS = 30;

export const interdictionSchema = z
  .object({
    purpose: z.enum(PURPOSES),
    tactical: z.number().int().min(0).max(99),
    heavy: z.number().int().min(0).max(99),
    targets: z.array(z.object({ name: z.string().max(MAX_NAME) }).strict()).max(MAX_TARGETS),
  })
  .strict();

export type InterdictionState = z.infer<typeof interdictionSchema>;

const PURPOSE_KEYS = {
  interdiction: "NOBC.Playsheet.Interdiction.Purpose.interdiction",
  flakSuppression: "NOBC.Playsheet.Interdiction.Purpose.flakSuppression",
};

function names(s: InterdictionState): Map<string, string> {
  return new Map(s.targets.map((t, i) => [`targets.${i}`, shownName(t.name, `U${i + 1}`)]));
}

export function interdictionInput(s: InterdictionState): InterdictionInput {
  const n = names(s);
  return {
    force: { tactical: s.tactical, heavy: s.heavy },
    purpose: s.purpose,
    targets: s.targets.map((_, i) => ({ actor: `targets.${i}`, name: n.get(`targets.${i}`)! })),
  };
}

const resolve = (s: InterdictionState, dice: Dice) => resolveInterdiction(interdictionInput(s), dice);
const MEANING_KEYS: Readonly<Record<(typeof PURPOSES)[number], Readonly<Record<InterdictionResult, string>>>> = {
  interdiction: {
    lossAndImmobilise: "NOBC.Playsheet.Interdiction.Meaning.interdiction.lossAndImmobilise",
    immobilise: "NOBC.Playsheet.Interdiction.Meaning.interdiction.immobilise",
    none: "NOBC.Playsheet.Interdiction.Meaning.interdiction.none",
  },
  flakSuppression: {
    lossAndImmobilise: "NOBC.Playsheet.Interdiction.Meaning.flakSuppression.lossAndImmobilise",
    immobilise: "NOBC.Playsheet.Interdiction.Meaning.flakSuppression.immobilise",
    none: "NOBC.Playsheet.Interdiction.Meaning.flakSuppression.none",
  },
};
const ORDER: readonly InterdictionResult[] = ["lossAndImmobilise", "immobilise", "none"];

export const interdictionProcedure: Procedure<InterdictionState, InterdictionOutcome> = {
  id: "playsheet.interdiction",
  keys: {
    title: "NOBC.Playsheet.Interdiction.Title",
    hint: "NOBC.Playsheet.Interdiction.Hint",
    cardTitle: "NOBC.Playsheet.Interdiction.CardTitle",
  },
  icon: "fa-solid fa-road-barrier",
  width: 600,
  schema: interdictionSchema,
  rolls: true,
  initial: (world) => ({
    purpose: "interdiction",
    tactical: 1,
    heavy: 0,
    targets: (world.targeted.length > 0 ? world.targeted : [""]).slice(0, MAX_TARGETS).map((name) => ({ name })),
  }),
  fromForm: (s, v) => ({
    purpose: readChoice(v, "purpose", PURPOSES, s.purpose),
    tactical: readNumber(v, "tactical", s.tactical),
    heavy: readNumber(v, "heavy", s.heavy),
    targets: s.targets.map((t, i) => ({ name: readText(v, `targets.${i}.name`, t.name) })),
  }),
  add: (s, list) => (list === "targets" && s.targets.length < MAX_TARGETS ? { ...s, targets: [...s.targets, { name: "" }] } : s),
  remove: (s, list, index) => (list === "targets" ? { ...s, targets: s.targets.filter((_, i) => i !== index) } : s),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.Interdiction.Force"),
      rows: [
        {
          fields: [
            selectField("purpose", "NOBC.Playsheet.Interdiction.PurposeLabel", PURPOSE_KEYS, s.purpose, i18n),
            numberField("tactical", "NOBC.Playsheet.Interdiction.Tactical", s.tactical, i18n),
            numberField("heavy", "NOBC.Playsheet.Interdiction.Heavy", s.heavy, i18n),
          ],
        },
      ],
    },
    {
      heading: i18n.localize("NOBC.Playsheet.Interdiction.Targets"),
      rows: s.targets.map((t, i) => ({
        fields: [textField(`targets.${i}.name`, "NOBC.Playsheet.Name", t.name, i18n)],
        remove: { list: "targets", index: i, label: i18n.localize("NOBC.Playsheet.Remove") },
      })),
      add: { list: "targets", label: i18n.localize("NOBC.Playsheet.Interdiction.AddTarget") },
    },
  ],
  resolve,
  // Every unit rolls its own die on the force's one row: one unit's chances say it all.
  chances: (s, i18n) => {
    if (!resolve(s, constantDice(1)).ok) return null;
    const spread = outcomeSpread(
      (dice) => resolve({ ...s, targets: [{ name: "" }] }, dice),
      (o: InterdictionOutcome) => o.results[0]!.result,
    );
    if (spread === null) return null;
    return {
      intro: words(i18n, "NOBC.Playsheet.Interdiction.ChanceIntro", { row: spread[0]!.example.row + 1 }),
      rows: chanceRows(
        i18n,
        spread,
        (k) => ORDER.indexOf(k as InterdictionResult),
        (x) => i18n.localize(INTERDICTION_RESULT_LABELS[x.key as InterdictionResult]),
        (x) => i18n.localize(MEANING_KEYS[s.purpose][x.key as InterdictionResult]),
      ),
    };
  },
  names,
  card: (s, o, i18n) => {
    const n = names(s);
    const struck = o.results.filter((r) => r.result !== "none").length;
    return {
      title: { purpose: i18n.localize(PURPOSE_KEYS[s.purpose]) },
      outcome: words(i18n, "NOBC.Playsheet.Interdiction.Outcome", { count: struck, total: o.results.length }),
      tableRow: words(i18n, "NOBC.Playsheet.Interdiction.TableRow", { row: o.row + 1 }),
      inputs: [
        { label: i18n.localize("NOBC.Playsheet.Interdiction.Tactical"), value: String(s.tactical) },
        { label: i18n.localize("NOBC.Playsheet.Interdiction.Heavy"), value: String(s.heavy) },
        { label: i18n.localize("NOBC.Playsheet.Interdiction.Targets"), value: [...n.values()].join(", ") },
      ],
    };
  },
};
