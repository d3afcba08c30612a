/**
 * Air-to-air combat (seed 003, Fighter Vs Fighter): the larger side rolls on the odds table, losses in
 * whole squadrons; with a transport or bomber stream escorted by one side, the other side's fighters
 * that win and get through put serials out of action (Fighter Vs Transport Aircraft).
 */
import { z } from "zod";
import { resolveAirToAir, type AirToAirInput, type AirToAirOutcome, type AirToAirResult } from "../../../rules/playsheet/air-to-air";
import type { Dice } from "../../../rules/dice";
import { phrase } from "../../../rules/resolution";
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

const STREAMS = ["none", "a", "b"] as const;
const TARGETS = ["transport", "bomber"] as const;
const name = z.string().max(MAX_NAME);

export const airToAirSchema = z
  .object({
    aName: name,
    aSquadrons: z.number().int().min(0).max(999),
    bName: name,
    bSquadrons: z.number().int().min(0).max(999),
    /** Which side escorts a stream ("none": a fighter battle only). */
    stream: z.enum(STREAMS),
    streamName: name,
    streamTarget: z.enum(TARGETS),
  })
  .strict();

export type AirToAirState = z.infer<typeof airToAirSchema>;

const RESULT_KEYS: Readonly<Record<AirToAirResult, string>> = {
  win: "NOBC.Playsheet.AirToAir.Result.win",
  draw: "NOBC.Playsheet.AirToAir.Result.draw",
  lose: "NOBC.Playsheet.AirToAir.Result.lose",
};

function names(s: AirToAirState): Map<string, string> {
  return new Map([
    ["a", shownName(s.aName, "A")],
    ["b", shownName(s.bName, "B")],
    ["stream", shownName(s.streamName, "S")],
  ]);
}

export function airToAirInput(s: AirToAirState): AirToAirInput {
  const n = names(s);
  return {
    a: { actor: "a", name: n.get("a")!, squadrons: s.aSquadrons },
    b: { actor: "b", name: n.get("b")!, squadrons: s.bSquadrons },
    ...(s.stream === "none" ? {} : { stream: { actor: "stream", name: n.get("stream")!, escortedBy: s.stream, target: s.streamTarget } }),
  };
}

const resolve = (s: AirToAirState, dice: Dice) => resolveAirToAir(airToAirInput(s), dice);

function outcomeText(s: AirToAirState, o: AirToAirOutcome, i18n: Parameters<typeof words>[0]): string {
  const n = names(s);
  const lost = (count: number) => phrase("NOBC.Playsheet.AirToAir.SquadronCount", { count });
  const parts = [
    words(i18n, "NOBC.Playsheet.AirToAir.Losses", { a: n.get("a")!, lossA: lost(o.losses.a), b: n.get("b")!, lossB: lost(o.losses.b) }),
  ];
  if (o.serialsOutOfAction > 0)
    parts.push(words(i18n, "NOBC.Playsheet.AirToAir.Stream", { stream: n.get("stream")!, count: o.serialsOutOfAction }));
  return parts.join(" ");
}

export const airToAirProcedure: Procedure<AirToAirState, AirToAirOutcome> = {
  id: "playsheet.airToAir",
  keys: { title: "NOBC.Playsheet.AirToAir.Title", hint: "NOBC.Playsheet.AirToAir.Hint", cardTitle: "NOBC.Playsheet.AirToAir.CardTitle" },
  icon: "fa-solid fa-jet-fighter",
  width: 620,
  schema: airToAirSchema,
  rolls: true,
  initial: () => ({ aName: "", aSquadrons: 1, bName: "", bSquadrons: 1, stream: "none", streamName: "", streamTarget: "transport" }),
  fromForm: (s, v) => ({
    aName: readText(v, "aName", s.aName),
    aSquadrons: readNumber(v, "aSquadrons", s.aSquadrons),
    bName: readText(v, "bName", s.bName),
    bSquadrons: readNumber(v, "bSquadrons", s.bSquadrons),
    stream: readChoice(v, "stream", STREAMS, s.stream),
    streamName: readText(v, "streamName", s.streamName),
    streamTarget: readChoice(v, "streamTarget", TARGETS, s.streamTarget),
  }),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.AirToAir.Sides"),
      hint: i18n.localize("NOBC.Playsheet.AirToAir.SidesHint"),
      rows: [
        {
          fields: [
            textField("aName", "NOBC.Playsheet.AirToAir.SideA", s.aName, i18n),
            numberField("aSquadrons", "NOBC.Playsheet.AirToAir.Squadrons", s.aSquadrons, i18n),
          ],
        },
        {
          fields: [
            textField("bName", "NOBC.Playsheet.AirToAir.SideB", s.bName, i18n),
            numberField("bSquadrons", "NOBC.Playsheet.AirToAir.Squadrons", s.bSquadrons, i18n),
          ],
        },
      ],
    },
    {
      heading: i18n.localize("NOBC.Playsheet.AirToAir.StreamHeading"),
      rows: [
        {
          fields: [
            selectField(
              "stream",
              "NOBC.Playsheet.AirToAir.EscortedBy",
              { none: "NOBC.Playsheet.AirToAir.NoStream", a: "NOBC.Playsheet.AirToAir.SideA", b: "NOBC.Playsheet.AirToAir.SideB" },
              s.stream,
              i18n,
            ),
            textField("streamName", "NOBC.Playsheet.Name", s.streamName, i18n),
            selectField(
              "streamTarget",
              "NOBC.Playsheet.AirToAir.StreamTarget",
              { transport: "NOBC.Playsheet.AirToAir.Transport", bomber: "NOBC.Playsheet.AirToAir.Bomber" },
              s.streamTarget,
              i18n,
            ),
          ],
        },
      ],
    },
  ],
  resolve,
  chances: (s, i18n) => {
    const spread = outcomeSpread(
      (dice) => resolve(s, dice),
      (o: AirToAirOutcome) => o.result,
    );
    if (spread === null) return null;
    const n = names(s);
    const larger = s.bSquadrons > s.aSquadrons ? "b" : "a";
    const order: readonly string[] = ["win", "draw", "lose"];
    return {
      intro: words(i18n, "NOBC.Playsheet.AirToAir.ChanceIntro", { side: n.get(larger)!, column: spread[0]!.example.column }),
      rows: chanceRows(
        i18n,
        spread,
        (k) => order.indexOf(k),
        (x) => i18n.localize(RESULT_KEYS[x.key as AirToAirResult]),
        (x) => outcomeText(s, x.example, i18n),
      ),
    };
  },
  names,
  card: (s, o, i18n) => {
    const n = names(s);
    return {
      title: { a: n.get("a")!, b: n.get("b")! },
      outcome: `${i18n.localize(RESULT_KEYS[o.result])} (${n.get(o.attacker)!}). ${outcomeText(s, o, i18n)}`,
      tableRow: words(i18n, "NOBC.Playsheet.AirToAir.TableRow", { column: o.column, result: i18n.localize(RESULT_KEYS[o.result]) }),
      inputs: [
        { label: n.get("a")!, value: String(s.aSquadrons) },
        { label: n.get("b")!, value: String(s.bSquadrons) },
        ...(s.stream === "none" ? [] : [{ label: i18n.localize("NOBC.Playsheet.AirToAir.StreamHeading"), value: n.get("stream")! }]),
      ],
    };
  },
};
