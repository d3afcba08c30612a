/**
 * Resolution cards: a rules result posted to chat with what went in, its breakdown, dice, table
 * row and changes, the split editors of shared ground-combat hits, and Apply / Undo buttons. The
 * writes happen in src/queries/ (on the active GM), whose card-controls.ts wires the buttons for the
 * user looking at a card; this module only posts it.
 */
import type { Phrase, Resolution } from "../rules/resolution";
import type { Effect } from "../rules/effects";
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import { callHook, isGM, translator } from "../base/foundry";
import { RefusedError } from "../base/errors";
import { hiddenInformation } from "../base/settings";
import type { ItemSector } from "../teams/umpires";
import { CARD_MESSAGE_TYPE, type CardDisplay, type CardFlags, type CardRuling, type CardInputLine, type StageOverride } from "./card-data";
import type { TurnAction } from "../rules/nobc/stage-actions";
import type { CardIdentification } from "../schemas/knowledge";
import { groundCombatText } from "./ground-combat-text";
import { nameOf, renderCardContent, worldName } from "./render";
import { changesHeadline } from "./context";
import { withNames } from "../words/phrase";

export { CARD_TEMPLATE } from "./render";
export type { CardInputLine } from "./card-data";

export interface PostResolutionInput<O> {
  readonly title: string;
  readonly resolution: Resolution<O>;
  /**
   * What happened, in words: the card's headline (the title above becomes its small kicker). By
   * default the ground combat's CRT cell; else the rules' outcome when it is text or a number; else
   * the first change and how many more follow.
   */
  readonly outcome?: string;
  readonly speaker?: object;
  /** What went into the resolution, in words (already localized), shown above the breakdown. */
  readonly inputs?: readonly CardInputLine[];
  /**
   * What a move found of the enemy, as the mover's side knows it after the move (double-blind): the
   * GMs' card shows it among `inputs`; the acting side's team card shows this phrase.
   */
  readonly found?: Phrase;
  /** The table row read, in words; by default the ground combat's CRT row, else none. */
  readonly tableRow?: string;
  /**
   * Changes no document of this world holds (a toolkit without documents, like the Operational
   * Playsheet): sentences the umpire carries out on their own map, listed under their own heading.
   */
  readonly byHand?: readonly string[];
  /**
   * False when the breakdown's values do not add up to one score (each line a different squadron's
   * roll, say): the card then shows no total. Shown by default.
   */
  readonly total?: boolean;
  /** A ground combat's plan and outcome, so the owners may re-split "between all" hits before Apply. */
  readonly groundCombat?: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome };
  /** A system hook fired with `(message, resolution)` once the card is posted, e.g. "nobc.combatResolved". */
  readonly hook?: string;
  /**
   * Records of the caller's own kept with the card in `system.records` (e.g. the Air War's
   * `airBattle`), written with the message so no second update follows.
   */
  readonly records?: Readonly<Record<string, unknown>>;
  /**
   * What may happen only once (e.g. `orders:<hq>:<turn>`): the GM refuses to apply this card while
   * another card with the same key stands applied; undoing that one frees the key.
   */
  readonly once?: string;
  /**
   * The subjects this card uses up (e.g. `attack:<unit>:<turn>`, `card:<card uuid>`): unlike the
   * once-only key they are held from the moment the card is posted, whatever its state, so asking
   * again for the same subject (to roll again) is refused until the card is deleted or its holds
   * released (`game.nobc.releaseCardKey`). The GM checks them before posting (src/apps/base/submit.ts).
   */
  readonly holds?: readonly string[];
  /** The id of the user who asked for this resolution, when it is not the GM posting it. */
  readonly requestedBy?: string;
  /**
   * The id of the world scene the card's map effects were decided on (a move's: the scene it was
   * dragged on), written there whichever scene the GM views; none: the scene the GM views on Apply.
   */
  readonly scene?: string;
  /** What the card's identification cards were played on (a rear-area attack); see `CardFlags.identifies`. */
  readonly identifies?: CardIdentification;
  /**
   * The game turn the card belongs to (its record may be pruned once the game is past it); by
   * default the turn the entry point's reader gives (see `setCardTurnReader`), else none.
   */
  readonly turn?: number;
  /** The turn action the card is of (its dialog's id, src/rules/nobc/stage-actions.ts): its stage limits Apply and Undo. */
  readonly action?: TurnAction;
  /** A GM's request answered outside the action's stage: the card names it from the start. */
  readonly overrides?: readonly StageOverride[];
  /** What the card pays for once a turn (`CardFlags.charges`, e.g. `combatMode:<unit>:<turn>`). */
  readonly charges?: readonly string[];
  /** An umpire's ruling that posts the card (a release of a nuclear or ADM card). */
  readonly rulings?: readonly CardRuling[];
}

/** Where the turn of a new card comes from: set on init by the entry point (the turn tracker sits above chat). */
let turnReader: () => number | null = () => null;

/** How a new card learns its sector: set on init by Control's module (it reads the battlefield), none before. */
type SectorReader = (card: { readonly action?: TurnAction; readonly effects: readonly Effect[] }) => ItemSector | null;
let sectorReader: SectorReader = () => null;

/** Sets how the active GM's client stamps a new card's sector (src/apps/control/register.ts). */
export function setCardSectorReader(read: SectorReader): void {
  sectorReader = read;
}

/** The sector of a card posted before cards were stamped, read now the same way. */
export function cardSectorNow(card: Pick<CardFlags, "action" | "effects" | "sector">): ItemSector | null {
  return card.sector ?? sectorReader({ ...(card.action === undefined ? {} : { action: card.action }), effects: card.effects });
}

/** Sets how a new card learns the game turn (the `nobcTurn` Combat's, read by src/combat/current.ts). */
export function setCardTurnReader(read: () => number | null): void {
  turnReader = read;
}

/** The headline of a card posted with none: the rules' outcome when it is words or a number, else its changes. */
function outcomeText<O>(resolution: Resolution<O>): string {
  const { outcome } = resolution;
  if (typeof outcome === "string" || typeof outcome === "number") return String(outcome);
  return changesHeadline(resolution.effects, nameOf, withNames(translator(), worldName));
}

/**
 * The dice as one evaluated `Nd6` Roll built from the faces (`Roll.fromData`), so dice modules
 * can show them. None when there are no dice or a face is not 1..6.
 */
export function rollsFromFaces(faces: readonly number[]): Roll[] {
  if (faces.length === 0 || !faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)) return [];
  const total = faces.reduce((s, f) => s + f, 0);
  const data = {
    class: "Roll",
    formula: `${faces.length}d6`,
    options: {},
    evaluated: true,
    total,
    terms: [
      {
        class: "Die",
        number: faces.length,
        faces: 6,
        modifiers: [],
        options: {},
        evaluated: true,
        results: faces.map((result) => ({ result, active: true })),
      },
    ],
  };
  return [(Roll as unknown as { fromData(d: object): Roll }).fromData(data)];
}

interface MessageClass {
  create(data: object): Promise<unknown>;
  createDocuments(data: object[]): Promise<unknown[]>;
  getSpeaker(): object;
}

/**
 * The message rows of one card: at an open table its one message; under double-blind the GMs' card
 * whispered to the GMs and a card for each side it concerns (./side-posting.ts).
 */
async function cardRows<O>(input: PostResolutionInput<O>, Message: MessageClass): Promise<object[]> {
  const row = (await cardMessageData(input, Message)) as Record<string, unknown> & { system: { display: CardDisplay | null } };
  if (hiddenInformation() !== "doubleBlind") return [row];
  // The team cards' code loads only in a double-blind world (it is not needed at init).
  const { splitCardRows } = await import("./side-posting");
  const { resolution } = input;
  const derived = input.groundCombat === undefined ? undefined : groundCombatText(input.groundCombat, translator());
  return splitCardRows(
    row,
    {
      title: input.title,
      breakdown: resolution.breakdown,
      rolls: resolution.rolls,
      ...(input.total === false ? { noTotal: true } : {}),
      tableRow: input.tableRow ?? derived?.tableRow ?? "",
      effects: resolution.effects,
      ...(input.groundCombat === undefined ? {} : { groundCombat: input.groundCombat }),
      ...(input.found === undefined ? {} : { found: input.found }),
    },
    {
      ...(input.requestedBy === undefined ? {} : { requestedBy: input.requestedBy }),
      ...(input.identifies === undefined ? {} : { identifies: input.identifies }),
      ...(input.scene === undefined ? {} : { scene: input.scene }),
    },
  );
}

/** The message data of one card: a `resolution` message, its content rendered, its dice as a Roll, its system data (pending). */
async function cardMessageData<O>(input: PostResolutionInput<O>, Message: MessageClass): Promise<object> {
  const { resolution } = input;
  const combat = input.groundCombat;
  const derived = combat === undefined ? undefined : groundCombatText(combat, translator());
  const display: CardDisplay = {
    title: input.title,
    inputs: input.inputs ?? [],
    breakdown: resolution.breakdown,
    rolls: resolution.rolls,
    tableRow: input.tableRow ?? derived?.tableRow ?? "",
    outcome: input.outcome ?? derived?.outcome ?? outcomeText(resolution),
    ...(input.total === false ? { noTotal: true as const } : {}),
    ...(input.byHand === undefined || input.byHand.length === 0 ? {} : { byHand: input.byHand }),
  };
  const card: CardFlags & { display: CardDisplay } = {
    effects: resolution.effects,
    state: "pending",
    display,
    ...(combat === undefined ? {} : { groundCombat: { plan: combat.plan, outcome: combat.outcome, splits: {} } }),
  };
  const turn = input.turn ?? turnReader();
  // Only a ground combat is rendered again (after a split), so only it keeps what the card shows.
  const system = {
    effects: card.effects,
    state: card.state,
    once: input.once ?? null,
    holds: [...new Set(input.holds ?? [])],
    display: combat === undefined ? null : card.display,
    groundCombat: card.groundCombat ?? null,
    identifies: input.identifies ?? null,
    records: input.records ?? {},
    requestedBy: input.requestedBy ?? null,
    scene: input.scene ?? null,
    outcomeUnknown: false,
    revision: 0,
    turn: turn ?? null,
    record: null,
    action: input.action ?? null,
    appliedAt: null,
    overrides: [...(input.overrides ?? [])],
    charges: [...new Set(input.charges ?? [])],
    // Double-blind, a card's data reaches whoever sees the message: its sector (the HQs above the units it
    // touches, their hex) is not written on it, and the active GM reads it afresh when it checks a ruling.
    sector:
      hiddenInformation() === "doubleBlind"
        ? null
        : sectorReader({ ...(input.action === undefined ? {} : { action: input.action }), effects: resolution.effects }),
    marked: null,
    rulings: [...(input.rulings ?? [])],
  };
  return {
    type: CARD_MESSAGE_TYPE,
    content: await renderCardContent(card),
    speaker: input.speaker ?? Message.getSpeaker(),
    rolls: rollsFromFaces(resolution.rolls),
    system: structuredClone(system),
  };
}

function announce<O>(input: PostResolutionInput<O>, message: unknown): void {
  if (input.hook !== undefined) callHook(input.hook, message, input.resolution);
  callHook("nobc.resolutionPosted", message, input.resolution);
}

/**
 * Only a GM authors resolution cards: a player's client sends requests (src/apps/base/request.ts),
 * and a card a player wrote would never be applied. Throws `RefusedError` for anyone else.
 */
function assertGM(): void {
  if (!isGM()) throw new RefusedError("NOBC.Request.Refused.postGmOnly");
}

/**
 * Posts one chat card for a resolution (a GM only), pending until someone applies it, then fires
 * `hook` (when given) and `nobc.resolutionPosted`, each with `(message, resolution)`.
 */
export async function postResolution<O>(input: PostResolutionInput<O>): Promise<unknown> {
  assertGM();
  const Message = ChatMessage as unknown as MessageClass;
  const rows = await cardRows(input, Message);
  // Under double-blind the GMs' card and its side cards are one write; the GMs' card comes first.
  const message = rows.length === 1 ? await Message.create(rows[0]!) : (await Message.createDocuments(rows))[0];
  announce(input, message);
  return message;
}

/** Posts several cards in one `ChatMessage.createDocuments` call (in order), then fires each card's hooks. */
export async function postResolutions(inputs: readonly PostResolutionInput<unknown>[]): Promise<unknown[]> {
  assertGM();
  if (inputs.length === 0) return [];
  const Message = ChatMessage as unknown as MessageClass;
  const groups = await Promise.all(inputs.map((input) => cardRows(input, Message)));
  const created = await Message.createDocuments(groups.flat());
  // Each card's GMs' message is the first of its group (its side cards follow it).
  const messages: unknown[] = [];
  let at = 0;
  for (const group of groups) {
    messages.push(created[at]);
    at += group.length;
  }
  inputs.forEach((input, i) => announce(input, messages[i]));
  return messages;
}
