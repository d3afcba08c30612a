/** Air resupply (seed 003): 1d6 plus factors on the ready reckoner gives the points delivered. */
import { z } from "zod";
import { resolveAirResupply, type AirResupplyInput, type AirResupplyOutcome } from "../../../rules/playsheet/air-resupply";
import type { Dice } from "../../../rules/dice";
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
  yesNo,
  shownName,
} from "../view";

const LANDINGS = ["drop", "airstrip", "airstripWithAfdag"] as const;

export const airResupplySchema = z
  .object({
    receiver: z.string().max(MAX_NAME),
    points: z.number().int().min(0).max(99),
    landing: z.enum(LANDINGS),
    poorTerrain: z.boolean(),
    contested: z.boolean(),
    enemyFighters: z.boolean(),
    enemyFlak: z.boolean(),
  })
  .strict();

export type AirResupplyState = z.infer<typeof airResupplySchema>;

const LANDING_KEYS = {
  drop: "NOBC.Playsheet.AirResupply.Landing.drop",
  airstrip: "NOBC.Playsheet.AirResupply.Landing.airstrip",
  airstripWithAfdag: "NOBC.Playsheet.AirResupply.Landing.airstripWithAfdag",
};
const FLAGS = ["poorTerrain", "contested", "enemyFighters", "enemyFlak"] as const;
const FLAG_KEYS: Readonly<Record<(typeof FLAGS)[number], string>> = {
  poorTerrain: "NOBC.Playsheet.AirResupply.Flag.poorTerrain",
  contested: "NOBC.Playsheet.AirResupply.Flag.contested",
  enemyFighters: "NOBC.Playsheet.AirResupply.Flag.enemyFighters",
  enemyFlak: "NOBC.Playsheet.AirResupply.Flag.enemyFlak",
};

const RECEIVER = "receiver";
const receiverName = (s: AirResupplyState) => shownName(s.receiver, "—");

export function airResupplyInput(s: AirResupplyState): AirResupplyInput {
  return {
    receiver: { actor: RECEIVER, name: receiverName(s) },
    points: s.points,
    landing: s.landing,
    poorTerrain: s.poorTerrain,
    contested: s.contested,
    enemyFighters: s.enemyFighters,
    enemyFlak: s.enemyFlak,
  };
}

const resolve = (s: AirResupplyState, dice: Dice) => resolveAirResupply(airResupplyInput(s), dice);

export const airResupplyProcedure: Procedure<AirResupplyState, AirResupplyOutcome> = {
  id: "playsheet.airResupply",
  keys: {
    title: "NOBC.Playsheet.AirResupply.Title",
    hint: "NOBC.Playsheet.AirResupply.Hint",
    cardTitle: "NOBC.Playsheet.AirResupply.CardTitle",
  },
  icon: "fa-solid fa-parachute-box",
  schema: airResupplySchema,
  rolls: true,
  initial: (world) => ({
    receiver: world.selected[0] ?? "",
    points: 5,
    landing: "drop",
    poorTerrain: false,
    contested: false,
    enemyFighters: false,
    enemyFlak: false,
  }),
  fromForm: (s, v) => ({
    receiver: readText(v, "receiver", s.receiver),
    points: readNumber(v, "points", s.points),
    landing: readChoice(v, "landing", LANDINGS, s.landing),
    poorTerrain: readFlag(v, "poorTerrain", s.poorTerrain),
    contested: readFlag(v, "contested", s.contested),
    enemyFighters: readFlag(v, "enemyFighters", s.enemyFighters),
    enemyFlak: readFlag(v, "enemyFlak", s.enemyFlak),
  }),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.AirResupply.Lift"),
      rows: [
        {
          fields: [
            textField("receiver", "NOBC.Playsheet.AirResupply.Receiver", s.receiver, i18n),
            numberField("points", "NOBC.Playsheet.AirResupply.Points", s.points, i18n, 1, 10),
            selectField("landing", "NOBC.Playsheet.AirResupply.LandingLabel", LANDING_KEYS, s.landing, i18n),
          ],
        },
        { fields: FLAGS.map((f) => checkField(f, FLAG_KEYS[f], s[f], i18n)) },
      ],
    },
  ],
  resolve,
  chances: (s, i18n) => {
    const spread = outcomeSpread(
      (dice) => resolve(s, dice),
      (o: AirResupplyOutcome) => String(o.delivered),
    );
    if (spread === null) return null;
    return {
      intro: i18n.localize("NOBC.Playsheet.AirResupply.ChanceIntro"),
      // Most delivered first.
      rows: chanceRows(
        i18n,
        spread,
        (k) => -Number(k),
        (x) => words(i18n, "NOBC.Playsheet.AirResupply.Delivered", { count: Number(x.key) }),
      ),
    };
  },
  names: (s) => new Map([[RECEIVER, receiverName(s)]]),
  card: (s, o, i18n) => ({
    title: { receiver: receiverName(s) },
    outcome: words(i18n, "NOBC.Playsheet.AirResupply.Outcome", { receiver: receiverName(s), count: o.delivered, sent: s.points }),
    tableRow: words(i18n, "NOBC.Playsheet.AirResupply.TableRow", { points: s.points, column: Math.max(-4, Math.min(6, o.modifiedRoll)) }),
    inputs: [
      { label: i18n.localize("NOBC.Playsheet.AirResupply.Points"), value: String(s.points) },
      { label: i18n.localize("NOBC.Playsheet.AirResupply.LandingLabel"), value: i18n.localize(LANDING_KEYS[s.landing]) },
      ...FLAGS.map((f) => ({ label: i18n.localize(FLAG_KEYS[f]), value: yesNo(s[f], i18n) })),
    ],
  }),
};
