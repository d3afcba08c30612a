/**
 * The nuclear / ADM dialog: the HQ's player picks the card, the target and (nuclear) the two
 * identifying cards, and asks Control for release; the GM's client checks it for the asker and
 * posts a "release requested" message with the GM's Release / Refuse (./request.ts). A GM asking
 * is Control: the card is released and resolved at once with the GM's dice.
 */
import { cardOf, denied, opened, refused, type DialogController } from "../../base/controller";
import { scriptedDice } from "../../../rules/dice";
import { speak } from "../../../words/phrase";
import type { LandWorld } from "../world";
import { readWmdWorld, wmdAccess, type WmdWorld } from "./world";
import { wmdContext } from "./context";
import { wmdStateSchema } from "./schema";
import { alreadyAsked, postReleaseRequest } from "./request";
import { initialWmd, weaponCards, wmdCard, wmdFromForm, wmdHolds, wmdResolution, type WmdState } from "./state";

export interface WmdArgs {
  /** The card to play (its UUID); the user's first nuclear or ADM card otherwise. */
  readonly card?: string;
  /** The hex to start on (the targeted token's, when the opener knows it). */
  readonly hex?: string;
}

interface TokenLike {
  readonly actor?: { readonly uuid: string } | null;
}

/** The hex of this user's first targeted token whose actor stands on the battlefield's map, if any. */
export function targetedHex(world: LandWorld): string | undefined {
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | null)?.targets ?? [];
  const placed = new Map([...world.field.units, ...world.field.hqs].map((a) => [a.id, a.hex]));
  for (const token of targets) {
    const hex = token.actor === null || token.actor === undefined ? undefined : placed.get(token.actor.uuid);
    if (hex !== undefined && hex !== "") return hex;
  }
  return undefined;
}

export const wmdController: DialogController<WmdState, WmdWorld, WmdArgs> = {
  template: "apps/land/wmd.hbs",
  title: "NOBC.Land.Wmd.Title",
  icon: "fa-solid fa-radiation",
  classes: ["nobc", "nobc-land"],
  width: 560,
  submitAction: "post",
  read: readWmdWorld,
  stateSchema: wmdStateSchema,
  open(world, { card, hex }) {
    const cards = weaponCards(world);
    const chosen = card === undefined ? cards[0] : cards.find((c) => c.id === card);
    if (chosen === undefined) {
      const held = world.field.cards.find((c) => c.id === card);
      return held?.hq !== undefined ? opened(initialWmd(held, hex)) : denied("NOBC.Land.Wmd.Refused.noCard");
    }
    return opened(initialWmd(chosen, hex));
  },
  access: wmdAccess,
  context: (state, world, i18n) => wmdContext(world, state, i18n),
  change: (state, values, world) => wmdFromForm(state, values, world),
  actions: {
    /** The targeted token's hex as the target hex (nothing changes without one). */
    useTarget: (state, world) => ({ ...state, hex: targetedHex(world) ?? state.hex }),
  },
  claims: (state, world) => wmdHolds(world, state),
  submit(state, world, i18n, dice) {
    // A GM is Control: released at once. A player only asks; the rules are checked first (the release aside).
    if (world.isGM) return cardOf(wmdCard(world, state, dice, i18n, true), i18n);
    // Checked as Control would release it (the rules refuse before any die; these faces are never shown).
    const check = wmdResolution(world, state, scriptedDice(Array.from({ length: 24 }, () => 1)), true);
    if (!check.ok) return refused(check.refusals.map((r) => speak(r.text, i18n)));
    if (alreadyAsked(world, state)) return refused([i18n.localize("NOBC.Land.Wmd.Refused.pending")]);
    return { ok: true, value: { run: async () => ({ ok: true, value: await postReleaseRequest(world, state, world.userId, i18n) }) } };
  },
};
