/**
 * What a resolution card keeps in its message's `system` (a ChatMessage of type `resolution`, see
 * src/data/resolution-card.ts), and who may act on it. Pure: the Foundry side reads the message and
 * the ownership of each document, then asks these functions. Cards posted before the subtype kept
 * the same data in `flags.nobc`: they are read to be shown, never applied.
 */
import { touchedDocuments, type Effect } from "../rules/effects";
import { phrase, type BreakdownLine, type Phrase } from "../rules/resolution";
import type { WritePlan } from "../effects/apply";
import { combatPieces, sharedSides, splitUnits, type GroundCombatCard, type SplitSide } from "./splits";
import { sha256Hex } from "../base/sha256";
import { CARD_MESSAGE_TYPE, MAX_CARD_EFFECTS } from "../data/card-limits";
import { readGmRecord, type GmRecord } from "./card-record";
import { effectListIssues, effectSchema } from "../schemas/effects";
import { groundCombatCardSchema } from "../schemas/ground-combat";
import { cardIdentificationSchema, type CardIdentification } from "../schemas/knowledge";
import { fieldProblem, listedProblems } from "../words/issues";
import { isStageId, isTurnAction, stageAllows, type ActionStep, type TurnAction } from "../rules/nobc/stage-actions";
import type { StageId } from "../rules/nobc/turn";
import { itemSectorSchema, type ItemSector } from "../teams/umpires";

export { CARD_MESSAGE_TYPE, MAX_CARD_EFFECTS, MAX_CARD_KEY, MAX_CARD_PART_CHARS, SIDE_CARD_TYPE } from "../data/card-limits";

/** "applying" / "undoing": the active GM's client marked the card with its plan and is writing the documents. */
export const CARD_STATES = ["pending", "applying", "applied", "undoing", "reverted"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** What the card says of each state. */
export const CARD_STATE_LABELS: Readonly<Record<CardState, string>> = {
  pending: "NOBC.Chat.State.pending",
  applying: "NOBC.Chat.State.applying",
  applied: "NOBC.Chat.State.applied",
  undoing: "NOBC.Chat.State.undoing",
  reverted: "NOBC.Chat.State.reverted",
};

/** One labelled line of what went into a resolution, already in the user's language. */
export interface CardInputLine {
  readonly label: string;
  readonly value: string;
}

/** A breakdown line of a card posted before lines were phrases: its label in the poster's language, shown as is. */
export interface LegacyBreakdownLine {
  readonly label: string;
  readonly value: number;
  readonly source: string;
}

/** A breakdown line as a card keeps it: the rules' line (a phrase), or an old card's written label. */
export type CardBreakdownLine = BreakdownLine | LegacyBreakdownLine;

/** What the card shows besides its effects, kept so the GM can render it again after a split. */
export interface CardDisplay {
  readonly title: string;
  readonly inputs: readonly CardInputLine[];
  readonly breakdown: readonly CardBreakdownLine[];
  readonly rolls: readonly number[];
  /** The table row read (e.g. the CRT band and column); empty when the caller gave none. */
  readonly tableRow: string;
  /** The table result in words. */
  readonly outcome: string;
  /** The breakdown's values are not one score: no total is shown. */
  readonly noTotal?: true;
  /** Changes no document holds, to carry out on the umpire's own map (see `PostResolutionInput.byHand`). */
  readonly byHand?: readonly string[];
}

export interface CardFlags {
  /** Always the effects Apply will write (after any split). */
  readonly effects: readonly Effect[];
  readonly state: CardState;
  /** The writes that undo the applied effects; present once applied. */
  readonly applied?: WritePlan;
  /** What the card shows; kept with `groundCombat`, whose card is rendered again after a split. */
  readonly display?: CardDisplay;
  /** A ground combat's plan, outcome and saved splits: its shared hits may be split again. */
  readonly groundCombat?: GroundCombatCard;
  /** What the card's identification cards were played on (a rear-area attack): what its Apply teaches that side, double-blind. */
  readonly identifies?: CardIdentification;
  /** A key no two applied cards may share (e.g. one HQ's Orders in one turn); see `PostResolutionInput.once`. */
  readonly once?: string;
  /** The subjects the card uses up from the moment it is posted (see `PostResolutionInput.holds`); none: left out. */
  readonly holds?: readonly string[];
  /**
   * Set by the GM when a request on the card passed its time limit (a write the server did not
   * answer): whether it was carried out is unknown, so the card asks to check. Shown only; the GM
   * clears it once it records the card's state again.
   */
  readonly outcomeUnknown?: true;
  /** The id of the user who asked the GM for this resolution (none when the GM posted it of its own accord). */
  readonly requestedBy?: string;
  /** The world scene the map effects were decided on and are written to (none: the scene the GM views on Apply). */
  readonly scene?: string;
  /** Counts the GM's writes to the card: a write planned from another revision is refused. */
  readonly revision?: number;
  /** The game turn the card was posted in (none when the world keeps no turn). */
  readonly turn?: number;
  /** The GM's record of what Apply wrote (present once applied). */
  readonly record?: GmRecord;
  /** The turn action the card is of (src/rules/nobc/stage-actions.ts): its stage limits Apply and Undo. */
  readonly action?: TurnAction;
  /** Where the turn stood when the card was applied (none: applied with no turn on the tracker, or before it was kept). */
  readonly appliedAt?: TurnPoint;
  /** Each time a GM took a step of the card outside its stage or turn: the card names them. */
  readonly overrides?: readonly StageOverride[];
  /**
   * What the card pays for that is paid once a turn (`combatMode:<unit>:<turn>`: a unit's Combat
   * Mode, whether an Orders card or a mode change chose it): no two applied cards may pay the same.
   */
  readonly charges?: readonly string[];
  /** What the card is of in Control's sectors (its war, HQ chain, hex): stamped by the active GM's client when it posted it. */
  readonly sector?: ItemSector;
  /** A player (or GM) marked the card for an umpire: it waits in Control's queue until the sector's ruler rules. */
  readonly marked?: CardMark;
  /** Each umpire's ruling on the card (a release, a marked card ruled on): the card names them. */
  readonly rulings?: readonly CardRuling[];
}

/** Who marked a card for an umpire, and when (ms since the epoch). */
export interface CardMark {
  readonly by: string;
  readonly at: number;
}

/** What an umpire ruled on a card: `released` a nuclear or ADM card, `ruled` on a card marked for them. */
export const RULING_KINDS = ["released", "ruled"] as const;
export interface CardRuling {
  readonly kind: (typeof RULING_KINDS)[number];
  readonly by: string;
}

/** A point of the game turn: its number and stage. */
export interface TurnPoint {
  readonly turn: number;
  readonly stage: StageId;
}

/** A GM's step on a card outside its stage or turn: which step, the stage it was taken in, and the GM's user id. */
export interface StageOverride {
  readonly step: ActionStep;
  readonly stage: StageId;
  readonly by: string;
}

/** A card's data: kept in the message's `system` (the name `CardFlags` is older than the subtype). */
export type CardData = CardFlags;

/** The flag of `CardFlags.outcomeUnknown`. */
export const UNKNOWN_FLAG = "outcomeUnknown";

// Which documents a card touches is read from its effects by the rules core (src/rules/effects.ts).
export { touchedDocuments };

function isState(value: unknown): value is CardState {
  return (CARD_STATES as readonly unknown[]).includes(value);
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** A card's holds: subjects, each text (their bounds are the data model's, src/data/card-limits.ts). */
function isHolds(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((h) => typeof h === "string" && h !== "");
}

/** Bounds on what a card's flags may hold, so a forged or broken message cannot make rendering costly. */
const MAX_LINES = 200;
const MAX_TEXT = 2000;
const MAX_PHRASE_DEPTH = 4;
const MAX_PHRASE_DATA = 24;

/** Data holding more effects than a card may carry: not read as a card (the GM says why). */
export function isOversizedCard(flags: unknown): boolean {
  const effects = isObject(flags) ? (flags as Record<string, unknown>)["effects"] : undefined;
  return Array.isArray(effects) && effects.length > MAX_CARD_EFFECTS;
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_TEXT;
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** A phrase as the rules make it: a lang key, and data of strings, numbers and phrases (nested a few deep at most). */
export function isPhrase(value: unknown, depth = 0): value is Phrase {
  if (!isObject(value) || depth > MAX_PHRASE_DEPTH) return false;
  const { key, data, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof key !== "string" || key === "" || key.length > MAX_TEXT) return false;
  if (data === undefined) return true;
  if (!isObject(data) || Array.isArray(data)) return false;
  const entries = Object.values(data);
  return entries.length <= MAX_PHRASE_DATA && entries.every((arg) => isText(arg) || isNumber(arg) || isPhrase(arg, depth + 1));
}

/** A stored breakdown line: a phrase line, or an old card's `{ label, value, source }`. */
export function isCardBreakdownLine(value: unknown): value is CardBreakdownLine {
  if (!isObject(value)) return false;
  const line = value as Record<string, unknown>;
  if (!isNumber(line["value"]) || !isText(line["source"])) return false;
  return "text" in line ? isPhrase(line["text"]) : isText(line["label"]);
}

function isInputLine(value: unknown): value is CardInputLine {
  return isObject(value) && isText((value as Record<string, unknown>)["label"]) && isText((value as Record<string, unknown>)["value"]);
}

const isList = (value: unknown): value is unknown[] => Array.isArray(value) && value.length <= MAX_LINES;

/** What a card shows, when its flags hold it in the expected shape (bounded in size); undefined otherwise. */
export function readDisplay(value: unknown): CardDisplay | undefined {
  if (!isObject(value)) return undefined;
  const d = value as Record<string, unknown>;
  const { title, inputs, breakdown, rolls, tableRow, outcome } = d;
  if (!isText(title) || !isText(tableRow) || !isText(outcome)) return undefined;
  if (!isList(inputs) || !inputs.every(isInputLine)) return undefined;
  if (!isList(breakdown) || !breakdown.every((l) => isCardBreakdownLine(l))) return undefined;
  if (!isList(rolls) || !rolls.every(isNumber)) return undefined;
  return { title, inputs, breakdown, rolls, tableRow, outcome };
}

const absent = (value: unknown): boolean => value === undefined || value === null;

/** Every effect has the shape of one of the rules' effects (one pass over a list `MAX_CARD_EFFECTS` bounds). */
function hasEffectShapes(effects: readonly unknown[]): effects is Effect[] {
  return effects.every((effect) => effectSchema.safeParse(effect).success);
}

/**
 * The card data of a card message's `system` (or of an old card's `flags.nobc`), or undefined when
 * it is not a resolution card: not card data at all, more than a card may hold, an effect not in the
 * shape of the rules' effects (src/schemas/effects.ts), or a ground combat or record (when present)
 * not in theirs. The data model checks only bounds (src/data/ resolution-card.ts sits below the
 * schemas); the shapes are checked here, where every reader of a card comes through.
 */
export function readCard(data: unknown): CardFlags | undefined {
  if (!isObject(data)) return undefined;
  const f = data as Record<string, unknown>;
  const effects = f["effects"];
  if (!Array.isArray(effects) || !isState(f["state"]) || isOversizedCard(f) || !hasEffectShapes(effects)) return undefined;
  const { applied, groundCombat, once, requestedBy, revision, turn, holds, action, charges, scene } = f;
  const appliedAt = readTurnPoint(f["appliedAt"]);
  const overrides = readOverrides(f["overrides"]);
  if (!absent(groundCombat) && !groundCombatCardSchema.safeParse(groundCombat).success) return undefined;
  const identifies = absent(f["identifies"]) ? undefined : cardIdentificationSchema.safeParse(f["identifies"]);
  if (identifies?.success === false) return undefined;
  const record = readGmRecord(f["record"]);
  if (!absent(f["record"]) && record === undefined) return undefined;
  const display = readDisplay(f["display"]);
  return {
    effects,
    state: f["state"],
    ...(typeof once === "string" && once !== "" ? { once } : {}),
    ...(isHolds(holds) && holds.length > 0 ? { holds } : {}),
    ...(f[UNKNOWN_FLAG] === true ? { outcomeUnknown: true as const } : {}),
    ...(isObject(applied) ? { applied: applied as WritePlan } : {}),
    ...(display === undefined ? {} : { display }),
    ...(absent(groundCombat) ? {} : { groundCombat: groundCombat as GroundCombatCard }),
    ...(identifies === undefined ? {} : { identifies: identifies.data }),
    ...(typeof requestedBy === "string" && requestedBy !== "" ? { requestedBy } : {}),
    ...(typeof scene === "string" && scene !== "" ? { scene } : {}),
    ...(typeof revision === "number" && Number.isInteger(revision) ? { revision } : {}),
    ...(typeof turn === "number" && Number.isInteger(turn) ? { turn } : {}),
    ...(record === undefined ? {} : { record, applied: record.inverse }),
    ...(isTurnAction(action) ? { action } : {}),
    ...(appliedAt === undefined ? {} : { appliedAt }),
    ...(overrides.length > 0 ? { overrides } : {}),
    ...(isHolds(charges) && charges.length > 0 ? { charges } : {}),
    ...controlFields(f),
  };
}

/** The card's Control fields in their shape (a field out of shape is left out: the card is still read). */
function controlFields(f: Record<string, unknown>): Pick<CardFlags, "sector" | "marked" | "rulings"> {
  const sector = absent(f["sector"]) ? undefined : itemSectorSchema.safeParse(f["sector"]);
  const mark = f["marked"];
  const marked =
    isObject(mark) && typeof (mark as CardMark).by === "string" && (mark as CardMark).by !== "" && isNumber((mark as CardMark).at)
      ? { by: (mark as CardMark).by, at: (mark as CardMark).at }
      : undefined;
  const rulings = isList(f["rulings"])
    ? f["rulings"].flatMap((r): CardRuling[] => {
        if (!isObject(r)) return [];
        const { kind, by } = r as Record<string, unknown>;
        return (RULING_KINDS as readonly unknown[]).includes(kind) && typeof by === "string" && by !== ""
          ? [{ kind: kind as CardRuling["kind"], by }]
          : [];
      })
    : [];
  return {
    ...(sector?.success === true ? { sector: sector.data } : {}),
    ...(marked === undefined ? {} : { marked }),
    ...(rulings.length > 0 ? { rulings } : {}),
  };
}

/** A stored turn point, or undefined when it is not one. */
function readTurnPoint(value: unknown): TurnPoint | undefined {
  if (!isObject(value)) return undefined;
  const { turn, stage } = value as Record<string, unknown>;
  return typeof turn === "number" && Number.isInteger(turn) && isStageId(stage) ? { turn, stage } : undefined;
}

const STEPS: readonly unknown[] = ["request", "apply", "undo"] satisfies ActionStep[];

/** The stored overrides in their shape (any other entry left out). */
function readOverrides(value: unknown): StageOverride[] {
  if (!isList(value)) return [];
  return value.flatMap((o): StageOverride[] => {
    if (!isObject(o)) return [];
    const { step, stage, by } = o as Record<string, unknown>;
    return STEPS.includes(step) && isStageId(stage) && typeof by === "string" && by !== "" ? [{ step: step as ActionStep, stage, by }] : [];
  });
}

/**
 * What is wrong with card data `readCard` refused, each as "field: what is wrong": the first
 * malformed effect's fields, the ground combat's, the record; the first few, and how many more. Empty when none of these is at fault
 * (the data is no card at all, or too large). For a refusal only: it is not on the render path.
 */
export function cardDataProblems(data: unknown): Phrase[] {
  if (!isObject(data) || isOversizedCard(data)) return [];
  const f = data as Record<string, unknown>;
  const whole = phrase("NOBC.Validation.Whole.Data");
  const effects = f["effects"];
  const issues = Array.isArray(effects) ? effectListIssues(effects) : [];
  const combat = f["groundCombat"];
  const parsed = absent(combat) ? undefined : groundCombatCardSchema.safeParse(combat);
  if (parsed !== undefined && !parsed.success)
    issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: ["groundCombat", ...issue.path] })));
  const record = !absent(f["record"]) && readGmRecord(f["record"]) === undefined;
  return listedProblems([...issues, ...(record ? ["record" as const] : [])], (issue) =>
    issue === "record"
      ? phrase("NOBC.Validation.Problem", { field: "record", problem: phrase("NOBC.Validation.InvalidInput") })
      : fieldProblem(issue, whole),
  );
}

/** A message as the card readers see it: its subtype, its system data, its flags and its author (a User). */
export interface CardMessageView {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly author?: { readonly id?: string; readonly isGM?: boolean } | null;
}

/**
 * What a message holds as a card: `card` (the system data of a `resolution` message), `gmAuthored`
 * (its author is a GM: only such a card is ever applied), `legacy` (an old card whose data sits in
 * `flags.<systemId>`: shown, never applied). Undefined: no card.
 */
export function cardOfMessage(
  message: CardMessageView,
  systemId: string,
): { readonly card: CardFlags; readonly gmAuthored: boolean; readonly legacy: boolean } | undefined {
  const gmAuthored = message.author?.isGM === true;
  if (message.type === CARD_MESSAGE_TYPE) {
    const card = readCard(message.system);
    return card === undefined ? undefined : { card, gmAuthored, legacy: false };
  }
  const old = readCard(message.flags?.[systemId]);
  return old === undefined ? undefined : { card: old, gmAuthored, legacy: true };
}

/** The data of a message meant as a card: its `system`, or an old card's flags. */
export function cardDataOf(message: CardMessageView, systemId: string): unknown {
  return message.type === CARD_MESSAGE_TYPE ? message.system : message.flags?.[systemId];
}

/** Why a message meant as a card is not read as one: more than a card may hold, or not in a card's shape. */
export type UnreadableCard = "tooLarge" | "malformed";

/**
 * For a message `cardOfMessage` does not read: why, when it is meant as a card (a `resolution`
 * message, or an old card's flags holding a list of effects); undefined for any other message.
 */
export function unreadableCard(message: CardMessageView, systemId: string): UnreadableCard | undefined {
  const data = cardDataOf(message, systemId);
  if (isOversizedCard(data)) return "tooLarge";
  if (message.type === CARD_MESSAGE_TYPE) return "malformed";
  return isObject(data) && Array.isArray((data as Record<string, unknown>)["effects"]) ? "malformed" : undefined;
}

export interface Requester {
  readonly id: string;
  readonly isGM: boolean;
}

/** Whether `user` may mark `card` for an umpire: a GM; the player who asked for it; a player owning one of its documents. */
export function mayMark(user: Requester, card: CardFlags, owned: ReadonlyMap<string, boolean>): boolean {
  return user.isGM || card.requestedBy === user.id || [...owned.values()].some(Boolean);
}

/** Yes, or the lang key of the reason why not. */
export type Decision = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const YES: Decision = { ok: true };

/**
 * May `requester` act on a card touching `touched`? A GM; else the owner of every touched document.
 * A card touching no document (only the map: a minefield, a bridge) has no owner: only the user who asked for it.
 */
function mayAct(requester: Requester, card: CardFlags, touched: readonly string[], owned: ReadonlyMap<string, boolean>): boolean {
  if (requester.isGM) return true;
  // A scenario timetable's card (src/combat/timetable-entry.ts) is Control's to confirm, whoever owns its units.
  if (card.once?.startsWith(TIMETABLE_ONCE) === true) return false;
  if (touched.length === 0) return card.requestedBy !== undefined && card.requestedBy === requester.id;
  return touched.every((uuid) => owned.get(uuid) === true);
}

/** The start of a timetable card's `once` key (`timetable:<turn>:<stage>`). */
export const TIMETABLE_ONCE = "timetable:";

/** Where the game's turn stands, as the card checks read it (null: the world keeps no turn on the tracker). */
export type TurnClock = TurnPoint;

/** The stage in which mode markers are placed and Orders are given (Land War QRS phase 2). */
const ORDERS_STAGE = "orders";

/** A card of the Orders phase: it sets a unit's mode (a `land.mode` or Orders card), or holds an HQ's Orders key. */
export function isOrdersCard(card: Pick<CardFlags, "effects" | "once">): boolean {
  return card.effects.some((effect) => effect.type === "mode") || (card.once?.startsWith(`${ORDERS_STAGE}:`) ?? false);
}

/**
 * Why a card may not be applied now by a player (the lang key), or undefined: it was posted in
 * another game turn than the current one, or its action may not be applied in this stage (the
 * table of src/rules/nobc/stage-actions.ts; a card of no action that sets a mode belongs to the
 * Orders phase). A card that knows no turn, or a world without a tracker, is not timed.
 */
export function cardExpiry(card: Pick<CardFlags, "effects" | "once" | "turn" | "action">, now: TurnClock | null): string | undefined {
  if (now === null) return undefined;
  if (card.turn !== undefined && card.turn !== now.turn) return "NOBC.CardLife.Refused.oldTurn";
  if (card.action !== undefined) return stageAllows("apply", card.action, now.stage) ? undefined : "NOBC.Stage.Refused.apply";
  if (now.stage !== ORDERS_STAGE && isOrdersCard(card)) return "NOBC.CardLife.Refused.ordersOnly";
  return undefined;
}

/**
 * Why a player may not undo the card now (the lang key), or undefined: with a turn on the tracker,
 * only in the turn and stage it was applied in (a card applied with no turn kept, or before it was
 * kept, is the GM's to undo), and only where the table lets its action be undone.
 */
export function undoExpiry(card: Pick<CardFlags, "appliedAt" | "action">, now: TurnClock | null): string | undefined {
  if (now === null) return undefined;
  const at = card.appliedAt;
  if (at?.turn !== now.turn || at.stage !== now.stage) return "NOBC.Stage.Refused.undoLater";
  if (card.action !== undefined && !stageAllows("undo", card.action, now.stage)) return "NOBC.Stage.Refused.undo";
  return undefined;
}

/** A player may not apply a card whose last request has an unknown outcome: it may stand already (the GM checks). */
const UNKNOWN_OUTCOME = "NOBC.CardLife.Refused.unknownOutcome";

/** Yes, and whether a GM takes the step outside the card's stage or turn (the card then names the override). */
export type StepDecision = { readonly ok: true; readonly override?: true } | { readonly ok: false; readonly reason: string };

const OVERRIDE: StepDecision = { ok: true, override: true };

/**
 * May `requester` apply the card? Only a pending card, and only a GM or a user who owns every
 * document the effects touch (`owned`: UUID → whether the requester owns it; missing = no; a card
 * touching none: the user who asked for it). A player also not a card of unknown outcome, nor one
 * `cardExpiry` finds out of its turn or stage at `now`; a GM may, as an override. `touched` is what
 * the GM planned to write (the effects' documents and the units a map effect reaches, src/queries/card-actions.ts).
 */
export function mayApply(
  requester: Requester,
  card: CardFlags,
  owned: ReadonlyMap<string, boolean>,
  now: TurnClock | null = null,
  touched: readonly string[] = touchedDocuments(card.effects),
): StepDecision {
  if (card.state !== "pending") return { ok: false, reason: "NOBC.Chat.Refused.notPending" };
  if (!mayAct(requester, card, touched, owned)) return { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
  const expired = cardExpiry(card, now);
  if (requester.isGM) return expired === undefined ? YES : OVERRIDE;
  if (card.outcomeUnknown === true) return { ok: false, reason: UNKNOWN_OUTCOME };
  return expired === undefined ? YES : { ok: false, reason: expired };
}

/**
 * May `requester` undo the card? Only an applied card with its inverse, same ownership rule over
 * `touched`: the documents Apply changed (the GM passes its own record of them, not the card's).
 * A player only in the turn and stage it was applied in (`undoExpiry`); later a GM, as an override.
 */
export function mayUndo(
  requester: Requester,
  card: CardFlags,
  owned: ReadonlyMap<string, boolean>,
  touched: readonly string[] = touchedDocuments(card.effects),
  now: TurnClock | null = null,
): StepDecision {
  if (card.state !== "applied" || card.applied === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notApplied" };
  if (!mayAct(requester, card, touched, owned)) return { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
  const late = undoExpiry(card, now);
  if (late === undefined) return YES;
  return requester.isGM ? OVERRIDE : { ok: false, reason: late };
}

/**
 * What the card's message records of a step taken (in the same update as its state): where the
 * turn stood when it was applied, and a GM's override of its stage or turn, added to those before.
 */
export function stepRecord(
  step: "apply" | "undo",
  card: CardFlags,
  decision: StepDecision,
  now: TurnClock | null,
  by: string,
): Record<string, unknown> {
  const overridden = decision.ok && decision.override === true && now !== null;
  return {
    ...(step === "apply" ? { "system.appliedAt": now === null ? null : { turn: now.turn, stage: now.stage } } : {}),
    ...(overridden ? { "system.overrides": [...(card.overrides ?? []), { step, stage: now.stage, by }] } : {}),
  };
}

/**
 * Of the card's once-a-turn charges (`CardFlags.charges`), the first another applied card (of `cards`) pays
 * already, with that card's id; undefined when none.
 */
export function chargePaid(
  card: Pick<CardFlags, "charges">,
  cards: readonly { readonly id: string; readonly card: Pick<CardFlags, "charges" | "state"> }[],
  self: string,
): { readonly charge: string; readonly by: string } | undefined {
  const mine = new Set(card.charges ?? []);
  if (mine.size === 0) return undefined;
  for (const other of cards) {
    if (other.id === self || other.card.state !== "applied") continue;
    const charge = other.card.charges?.find((c) => mine.has(c));
    if (charge !== undefined) return { charge, by: other.id };
  }
  return undefined;
}

/**
 * May `requester` change the split of `side`'s shared hits? Only on a pending ground-combat card,
 * a side whose hits are shared, and a GM or a user who owns every unit the hits may fall on
 * (`owned` as for Apply; artillery takes no hits, so its owner has no say).
 */
export function mayEditSplit(requester: Requester, card: CardFlags, side: SplitSide, owned: ReadonlyMap<string, boolean>): Decision {
  const combat = card.groundCombat;
  if (combat === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notCombat" };
  if (card.state !== "pending") return { ok: false, reason: "NOBC.Chat.Refused.notPending" };
  if (!sharedSides(combat).includes(side)) return { ok: false, reason: "NOBC.Chat.Refused.notShared" };
  const owns = requester.isGM || splitUnits(combat, side).every((u) => owned.get(u.id) === true);
  return owns ? YES : { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
}

/** How a card button shows to one user: not at all, greyed out, or ready to click. */
export type Control = "hidden" | "disabled" | "enabled";

export interface CardControls {
  readonly apply: Control;
  readonly undo: Control;
  /** The shared sides this user may split now (inputs editable, Save shown); other sides read only. */
  readonly splits: readonly SplitSide[];
}

/** The documents whose ownership decides the controls: the touched ones and every splittable unit. */
export function controlDocuments(card: CardFlags): string[] {
  const combat = card.groundCombat;
  const units = combat === undefined ? [] : sharedSides(combat).flatMap((side) => splitUnits(combat, side).map((u) => u.id));
  return [...new Set([...touchedDocuments(card.effects), ...units])];
}

/**
 * What one user sees: Apply and Undo only for a GM or the owner of every touched document (of a
 * card touching none, the user who asked), greyed out when the state or the turn (`now`) does not
 * allow them, Apply hidden from players on a card of unknown outcome; split editors only where
 * `mayEditSplit` says yes. A courtesy: the GM's check on the request is the one that counts.
 */
export function cardControls(
  requester: Requester,
  card: CardFlags,
  owned: ReadonlyMap<string, boolean>,
  now: TurnClock | null = null,
): CardControls {
  const may = mayAct(requester, card, touchedDocuments(card.effects), owned);
  const control = (decision: Decision): Control => (!may ? "hidden" : decision.ok ? "enabled" : "disabled");
  const combat = card.groundCombat;
  const apply = mayApply(requester, card, owned, now);
  return {
    // A card of unknown outcome offers Apply to a GM only: a player's Apply could write it twice.
    apply: !apply.ok && apply.reason === UNKNOWN_OUTCOME ? "hidden" : control(apply),
    undo: control(mayUndo(requester, card, owned, touchedDocuments(card.effects), now)),
    splits: combat === undefined ? [] : sharedSides(combat).filter((side) => mayEditSplit(requester, card, side, owned).ok),
  };
}

/** JSON with every object's keys sorted, so the same data always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  // What JSON cannot hold (undefined, a function, a symbol) reads as null, as in an array.
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return "null";
  return JSON.stringify(value);
}

/**
 * A fingerprint of what Apply would do with a card: its effects and its once-only key. The chat
 * hook sends the one of the card the user looked at; the GM refuses when the card's flags now give
 * another (the poster changed them after the user read the card).
 */
export function cardDigest(card: Pick<CardFlags, "effects" | "once">): string {
  return sha256Hex(canonicalJson([card.effects, card.once ?? null]));
}

/**
 * What a card's Apply teaches each side beyond where its effects leave the pieces (double-blind only,
 * src/effects/families/knowledge.ts): a ground combat's pieces, and what its identification cards were played on.
 */
export function knowledgeOutcome(card: CardFlags): { fought: string[]; identifies?: CardIdentification } {
  return { fought: combatPieces(card.groundCombat), ...(card.identifies === undefined ? {} : { identifies: card.identifies }) };
}
