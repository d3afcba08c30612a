/**
 * A scenario's timetable as data (docs/guide.md, "The scenario's timetable"): at a turn and stage,
 * units arrive in a hex or an entry area, units leave the map, HQs mobilise, cards are dealt to an
 * HQ, an event is read. It lives in the scenario scene's flag `nobc.timetable` (a GM's write, as
 * every scene flag is); it is checked whenever it is read, and a bad one is refused whole, each
 * problem naming its entry and field (`entries[2].hex: …`), so nothing half-read is carried out.
 */
import { z } from "zod";
import { turn } from "../rules/index";
import { phrase, type Phrase } from "../rules/resolution";
import { HEX_LABEL } from "../map/hex-grid";
import { fieldProblem, listedProblems, WITH_INPUT } from "../words/issues";
import { MODES } from "./system";

export const TIMETABLE_FORMAT = "nobc-timetable/1";
/** The scene flag (scope `nobc`) that holds a scenario's timetable. */
export const TIMETABLE_FLAG = "timetable";

/** Bounds: a ten-turn megagame's schedule is a few hundred lines at most. */
export const MAX_TIMETABLE_ENTRIES = 2_000;
export const MAX_TIMETABLE_TURN = 99;
const MAX_AREA_HEXES = 50;
const MAX_CARDS_DEALT = 20;
const MAX_EVENT_TEXT = 4_000;

const STAGE_IDS = turn.STAGES.map((s) => s.id) as [turn.StageId, ...turn.StageId[]];

const actorRef = z.string().regex(/^Actor\.[A-Za-z0-9]{1,64}$/, "NOBC.Timetable.Invalid.actor");
const itemRef = z.string().regex(/^(Actor\.[A-Za-z0-9]{1,64}\.)?Item\.[A-Za-z0-9]{1,64}$/, "NOBC.Timetable.Invalid.item");
const journalRef = z.string().regex(/^JournalEntry\.[A-Za-z0-9]{1,64}$/, "NOBC.Timetable.Invalid.journal");
const hex = z.string().regex(HEX_LABEL, "NOBC.Timetable.Invalid.hex");
const areaName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "NOBC.Timetable.Invalid.areaName");

/** When an entry happens: a turn, and a stage of it (the turn's first stage when left out). */
const when = {
  turn: z.int().min(0).max(MAX_TIMETABLE_TURN),
  stage: z.enum(STAGE_IDS).default(STAGE_IDS[0]),
};

const arrive = z
  .strictObject({
    ...when,
    kind: z.literal("arrive"),
    actor: actorRef,
    /** Where it stands: a hex, or an entry area of the timetable (exactly one of the two). */
    hex: hex.optional(),
    area: areaName.optional(),
    /** Its mode on arrival, when the scenario says (a column on the road arrives in March Mode). */
    mode: z.enum(MODES).optional(),
  })
  .refine((e) => (e.hex === undefined) !== (e.area === undefined), { message: "NOBC.Timetable.Invalid.hexOrArea", path: ["hex"] });

const withdraw = z.strictObject({ ...when, kind: z.literal("withdraw"), actor: actorRef });
const mobilise = z.strictObject({ ...when, kind: z.literal("mobilise"), hq: actorRef, level: z.int().min(1).max(99) });
const deal = z.strictObject({
  ...when,
  kind: z.literal("deal"),
  hq: actorRef,
  /** World support cards (a deck's), each copied into the HQ's hand. */
  cards: z.array(itemRef).min(1).max(MAX_CARDS_DEALT),
});
const event = z.strictObject({
  ...when,
  kind: z.literal("event"),
  title: z.string().min(1).max(200),
  text: z.string().max(MAX_EVENT_TEXT).default(""),
  journal: journalRef.optional(),
});

export const timetableEntrySchema = z.discriminatedUnion("kind", [arrive, withdraw, mobilise, deal, event]);

export const timetableSchema = z
  .strictObject({
    format: z.literal(TIMETABLE_FORMAT),
    /** Entry areas by name: the hexes an arrival there takes, in order. */
    areas: z.record(areaName, z.array(hex).min(1).max(MAX_AREA_HEXES)).default({}),
    entries: z.array(timetableEntrySchema).max(MAX_TIMETABLE_ENTRIES),
  })
  .superRefine((t, ctx) => {
    t.entries.forEach((e, i) => {
      if (e.kind === "arrive" && e.area !== undefined && !(e.area in t.areas))
        ctx.addIssue({ code: "custom", message: "NOBC.Timetable.Invalid.unknownArea", path: ["entries", i, "area"] });
    });
  });

export type Timetable = z.infer<typeof timetableSchema>;
export type TimetableEntry = Timetable["entries"][number];
/** A timetable as written in a file or flag (stages and areas may be left out). */
export type TimetableInput = z.input<typeof timetableSchema>;

export type TimetableRead =
  { readonly ok: true; readonly timetable: Timetable | null } | { readonly ok: false; readonly problems: readonly Phrase[] };

/**
 * A timetable read from its flag: none (null, undefined: the scene has no timetable), the timetable,
 * or its problems, each "entries[3].hex: …" (the first few, and how many more).
 */
export function readTimetable(data: unknown): TimetableRead {
  if (data === undefined || data === null) return { ok: true, timetable: null };
  const parsed = timetableSchema.safeParse(data, WITH_INPUT);
  if (parsed.success) return { ok: true, timetable: parsed.data };
  return { ok: false, problems: listedProblems(parsed.error.issues, (issue) => fieldProblem(issue, phrase("NOBC.Timetable.Whole"))) };
}
