/** Losses from flak (seed 003): one die per air serial; a second damage point loses it, a loss hurts the unit carried. */
import { z } from "zod";
import { FLAK_RESULT_LABELS, resolveFlak, type FlakInput, type FlakOutcome, type FlakResult } from "../../../rules/playsheet/flak";
import { constantDice, type Dice } from "../../../rules/dice";
import type { Procedure } from "../procedure";
import {
  chanceRows,
  checkField,
  MAX_NAME,
  numberField,
  outcomeSpread,
  readChoice,
  readFlag,
  readNumber,
  readText,
  selectField,
  textField,
  words,
  shownName,
} from "../view";

const TYPES = ["heavy", "light"] as const;
const SITUATIONS = ["overflight", "drop2km", "drop4km"] as const;
export const MAX_SERIALS = 30;

const serialSchema = z
  .object({ name: z.string().max(MAX_NAME), damage: z.number().int().min(0).max(1), fighters: z.boolean(), carrying: z.boolean() })
  .strict();

export const flakSchema = z
  .object({ flak: z.enum(TYPES), situation: z.enum(SITUATIONS), serials: z.array(serialSchema).max(MAX_SERIALS) })
  .strict();

export type FlakState = z.infer<typeof flakSchema>;

const TYPE_KEYS = { heavy: "NOBC.Playsheet.Flak.Type.heavy", light: "NOBC.Playsheet.Flak.Type.light" };
const SITUATION_KEYS = {
  overflight: "NOBC.Playsheet.Flak.Situation.overflight",
  drop2km: "NOBC.Playsheet.Flak.Situation.drop2km",
  drop4km: "NOBC.Playsheet.Flak.Situation.drop4km",
};

function names(s: FlakState): Map<string, string> {
  const out = new Map<string, string>();
  s.serials.forEach((x, i) => {
    const shown = shownName(x.name, `S${i + 1}`);
    out.set(`serials.${i}`, shown);
    out.set(`carried.${i}`, shown);
  });
  return out;
}

export function flakInput(s: FlakState): FlakInput {
  const n = names(s);
  return {
    flak: s.flak,
    situation: s.situation,
    serials: s.serials.map((x, i) => ({
      actor: `serials.${i}`,
      name: n.get(`serials.${i}`)!,
      damage: x.damage as 0 | 1,
      fighters: x.fighters,
      ...(x.carrying ? { carrying: `carried.${i}` } : {}),
    })),
  };
}

const resolve = (s: FlakState, dice: Dice) => resolveFlak(flakInput(s), dice);

const MEANING_KEYS: Readonly<Record<FlakResult, string>> = {
  loss: "NOBC.Playsheet.Flak.Meaning.loss",
  damage: "NOBC.Playsheet.Flak.Meaning.damage",
  none: "NOBC.Playsheet.Flak.Meaning.none",
};
const ORDER: readonly FlakResult[] = ["loss", "damage", "none"];

export const flakProcedure: Procedure<FlakState, FlakOutcome> = {
  id: "playsheet.flak",
  keys: { title: "NOBC.Playsheet.Flak.Title", hint: "NOBC.Playsheet.Flak.Hint", cardTitle: "NOBC.Playsheet.Flak.CardTitle" },
  icon: "fa-solid fa-explosion",
  width: 620,
  schema: flakSchema,
  rolls: true,
  initial: () => ({ flak: "heavy", situation: "overflight", serials: [{ name: "", damage: 0, fighters: false, carrying: false }] }),
  fromForm: (s, v) => ({
    flak: readChoice(v, "flak", TYPES, s.flak),
    situation: readChoice(v, "situation", SITUATIONS, s.situation),
    serials: s.serials.map((x, i) => ({
      name: readText(v, `serials.${i}.name`, x.name),
      damage: readNumber(v, `serials.${i}.damage`, x.damage),
      fighters: readFlag(v, `serials.${i}.fighters`, x.fighters),
      carrying: readFlag(v, `serials.${i}.carrying`, x.carrying),
    })),
  }),
  add: (s, list) =>
    list === "serials" && s.serials.length < MAX_SERIALS
      ? { ...s, serials: [...s.serials, { name: "", damage: 0, fighters: false, carrying: false }] }
      : s,
  remove: (s, list, index) => (list === "serials" ? { ...s, serials: s.serials.filter((_, i) => i !== index) } : s),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.Flak.Fire"),
      rows: [
        {
          fields: [
            selectField("flak", "NOBC.Playsheet.Flak.TypeLabel", TYPE_KEYS, s.flak, i18n),
            selectField("situation", "NOBC.Playsheet.Flak.SituationLabel", SITUATION_KEYS, s.situation, i18n),
          ],
        },
      ],
    },
    {
      heading: i18n.localize("NOBC.Playsheet.Flak.Serials"),
      rows: s.serials.map((x, i) => ({
        fields: [
          textField(`serials.${i}.name`, "NOBC.Playsheet.Name", x.name, i18n),
          numberField(`serials.${i}.damage`, "NOBC.Playsheet.Flak.Damage", x.damage, i18n, 0, 1),
          checkField(`serials.${i}.fighters`, "NOBC.Playsheet.Flak.Fighters", x.fighters, i18n),
          checkField(`serials.${i}.carrying`, "NOBC.Playsheet.Flak.Carrying", x.carrying, i18n),
        ],
        remove: { list: "serials", index: i, label: i18n.localize("NOBC.Playsheet.Remove") },
      })),
      add: { list: "serials", label: i18n.localize("NOBC.Playsheet.Flak.AddSerial") },
    },
  ],
  resolve,
  // Each serial rolls its own die on one row: the chance of one serial's result says it all.
  chances: (s, i18n) => {
    if (!resolve(s, constantDice(1)).ok) return null;
    const one: FlakState = { ...s, serials: [{ name: "", damage: 0, fighters: false, carrying: false }] };
    const spread = outcomeSpread(
      (dice) => resolve(one, dice),
      (o: FlakOutcome) => o.results[0]!.result,
    );
    if (spread === null) return null;
    return {
      intro: i18n.localize("NOBC.Playsheet.Flak.ChanceIntro"),
      rows: chanceRows(
        i18n,
        spread,
        (k) => ORDER.indexOf(k as FlakResult),
        (x) => i18n.localize(FLAK_RESULT_LABELS[x.key as FlakResult]),
        (x) => i18n.localize(MEANING_KEYS[x.key as FlakResult]),
      ),
    };
  },
  names,
  card: (s, o, i18n) => {
    const n = names(s);
    const lost = o.results.filter((r) => r.lost).map((r) => n.get(r.actor)!);
    const hit = o.results.filter((r) => r.result !== "none").length;
    return {
      outcome: [
        words(i18n, "NOBC.Playsheet.Flak.Outcome", { count: hit, total: o.results.length }),
        lost.length > 0 ? words(i18n, "NOBC.Playsheet.Flak.Lost", { names: lost.join(", "), count: lost.length }) : "",
      ]
        .filter((x) => x !== "")
        .join(" "),
      tableRow: words(i18n, "NOBC.Playsheet.Flak.TableRow", {
        flak: i18n.localize(TYPE_KEYS[s.flak]),
        situation: i18n.localize(SITUATION_KEYS[s.situation]),
      }),
      inputs: [
        { label: i18n.localize("NOBC.Playsheet.Flak.TypeLabel"), value: i18n.localize(TYPE_KEYS[s.flak]) },
        { label: i18n.localize("NOBC.Playsheet.Flak.SituationLabel"), value: i18n.localize(SITUATION_KEYS[s.situation]) },
        { label: i18n.localize("NOBC.Playsheet.Flak.Serials"), value: [...s.serials.keys()].map((i) => n.get(`serials.${i}`)!).join(", ") },
      ],
    };
  },
};
