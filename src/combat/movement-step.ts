/**
 * The active GM's Next and Previous inside the Movement phase (loaded on first use by ./advance.ts,
 * which has already checked that this client is the active GM and that no other move runs):
 *
 * - Next moves the marker on to the next group that moves; after the last group it first checks
 *   stacking on the viewed scene. Violations are posted as an information card (no Apply: it
 *   changes nothing) and the marker stays in Movement, marked "over", with a notice; the next Next
 *   leaves the phase. No violation: the phase is left at once.
 * - Previous steps back a group (from "over", to the last group); from the first group it leaves the
 *   phase backwards as usual.
 *
 * Each step is one Combat update (`system.movementSlot`); the tracker redraws from it for everyone.
 */
import { turn } from "../rules/index";
import { SYSTEM_ID } from "../base/constants";
import { callHook, isGM, notify, notifyText, renderTemplate, say, translator, type Translator } from "../base/foundry";
import { RefusedError, errorText } from "../base/errors";
import { speak } from "../words/phrase";
import { phrase } from "../rules/resolution";
import type { StackingViolation } from "../rules/nobc/land/stacking";
import { readBattlefield } from "../world/read";
import type { Battlefield } from "../world/battlefield";
import { endOfMovementStacking, groupPhrase, movementStep, MOVEMENT_OVER } from "../world/movement-groups";
import { templatePath } from "../view/paths";
import { shownCitation } from "../view/citation";
import { movementNow } from "./movement-turn";
import type { AdvanceResult, TurnCombat, TurnDirection } from "./advance";
import type { CombatantLike } from "./snapshot";

export const STACKING_END_TEMPLATE = templatePath("chat/stacking-end.hbs");

/** The information card's context: each hex with its violations, in hex order. */
export interface StackingEndView {
  readonly turn: number;
  /** What the card says happened: how many hexes break stacking, and which ("Stacking broken in 2 hexes: 0203, 0405"). */
  readonly headline: string;
  readonly hexes: readonly {
    readonly hex: string;
    readonly rules: readonly { readonly rule: string; readonly text: string; readonly source: string; readonly units: readonly string[] }[];
  }[];
}

/** The card's context from the violations (already in hex order), their words in the reader's language (`i18n`). */
export function stackingEndView(
  turnNumber: number,
  violations: readonly StackingViolation[],
  field: Pick<Battlefield, "names">,
  i18n: Translator = translator(),
): StackingEndView {
  const hexes: { hex: string; rules: StackingEndView["hexes"][number]["rules"][number][] }[] = [];
  for (const v of violations) {
    let row = hexes[hexes.length - 1];
    if (row?.hex !== v.hex) hexes.push((row = { hex: v.hex, rules: [] }));
    row.rules.push({
      rule: v.rule,
      text: speak(v.text, i18n),
      source: shownCitation(v.source, i18n),
      units: v.units.map((u) => field.names.get(u) ?? u),
    });
  }
  const headline = speak(
    phrase("NOBC.MovementTurn.Stacking.Headline", { count: hexes.length, hexes: hexes.map((h) => h.hex).join(", ") }),
    i18n,
  );
  return { turn: turnNumber, headline, hexes };
}

/**
 * Posts the end-of-Movement stacking card (an information card the GM authors). Under double-blind
 * (issue #30) each side reads the card of its own hexes only, Control the whole (src/chat/side-information.ts).
 */
async function postStackingCard(turnNumber: number, violations: readonly StackingViolation[], field: Battlefield): Promise<unknown> {
  if (!isGM()) throw new RefusedError("NOBC.Request.Refused.postGmOnly");
  const speaker = (ChatMessage as unknown as { getSpeaker(): object }).getSpeaker();
  const sideOf = new Map(field.units.map((u) => [u.id, u.side]));
  const { postInformationCard } = await import("../chat/side-information");
  return postInformationCard(
    violations,
    (side) => {
      // A violation is of one hex's units: one side's (units of both sides never share a hex).
      const own = violations.filter((v) => v.units.some((u) => sideOf.get(u) === side));
      return own.length === 0 ? null : own;
    },
    async (shown, reader) => ({
      content: await renderTemplate(STACKING_END_TEMPLATE, stackingEndView(turnNumber, shown, field)),
      speaker,
      // Control's queue reads the violations from the whole card only (a side's would list its hexes twice).
      ...(reader !== undefined && reader.side !== null
        ? {}
        : {
            flags: {
              [SYSTEM_ID]: {
                stackingEnd: { turn: turnNumber, violations: shown.map((v) => ({ hex: v.hex, rule: v.rule, units: v.units })) },
              },
            },
          }),
      ...(reader === undefined ? {} : { whisper: [...reader.whisper] }),
    }),
  );
}

/** Whether a scene of the world other than the viewed one carries a terrain map (so the board is elsewhere). */
function anotherSceneHasTerrain(): boolean {
  const scenes = (game as unknown as { scenes?: { contents?: readonly { getFlag(scope: string, key: string): unknown }[] } }).scenes;
  const viewed = (globalThis as { canvas?: { scene?: unknown } }).canvas?.scene;
  return (scenes?.contents ?? []).some((s) => s !== viewed && s.getFlag(SYSTEM_ID, "terrain") !== undefined);
}

/**
 * One step inside Movement; null when the phase is to be left as usual (the caller then moves the
 * stage). `combat` must be in Movement for anything to happen here.
 */
export async function stepMovement(
  combat: TurnCombat & { readonly combatants?: Iterable<CombatantLike> },
  direction: TurnDirection,
): Promise<AdvanceResult | null> {
  const system = combat.system as { turn: number; stage: number };
  const state = turn.describeState({ turn: system.turn, stage: system.stage });
  if (!state.ok) return null;
  const position = state.value;
  const field = readBattlefield();
  // The groups and the stacking check read the units on the viewed scene: stepping while the GM views
  // another one (the air board) would find no group and leave Movement at once.
  if (field.map === null && anotherSceneHasTerrain()) {
    notify("warn", "NOBC.MovementTurn.Refused.viewTheMap");
    return { ok: false, reason: "NOBC.MovementTurn.Refused.viewTheMap" };
  }
  const now = movementNow(combat, field);
  if (now === null) return null;
  const step = movementStep(now.groups, now.slot, direction);
  if (step.kind === "leave") return null;
  if (step.kind === "group") {
    try {
      await combat.update({ system: { movementSlot: step.slot } });
    } catch (error) {
      notify("error", "NOBC.Turn.MoveFailed", { error: errorText(error) });
      return { ok: false, reason: "NOBC.Turn.MoveFailed" };
    }
    notifyText("info", say(phrase("NOBC.MovementTurn.Tracker.NowMoving", { group: groupPhrase(step.group, now.corpsNames) })));
    callHook(`${SYSTEM_ID}.movementGroupChanged`, combat, step.group);
    return { ok: true, position, card: null };
  }
  const violations = endOfMovementStacking(field);
  if (violations.length === 0) return null;
  let card: unknown;
  try {
    card = await postStackingCard(position.turn, violations, field);
  } catch (error) {
    notify("error", "NOBC.MovementTurn.Stacking.CardFailed", { error: errorText(error) });
    return { ok: false, reason: "NOBC.MovementTurn.Stacking.CardFailed" };
  }
  try {
    await combat.update({ system: { movementSlot: MOVEMENT_OVER } });
  } catch (error) {
    // The card stays: it is only information, and the next Next checks again.
    notify("error", "NOBC.Turn.MoveFailed", { error: errorText(error) });
    return { ok: false, reason: "NOBC.Turn.MoveFailed" };
  }
  notify("warn", "NOBC.MovementTurn.Stacking.Held", { count: new Set(violations.map((v) => v.hex)).size });
  return { ok: true, position, card };
}
