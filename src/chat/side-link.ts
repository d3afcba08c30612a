/**
 * The key a GMs' card shares with its team cards (double-blind, ./side-posting.ts): light, so the card
 * actions can tell whether a card has team cards without loading the team cards' code.
 */
import { SYSTEM_ID } from "../base/constants";

/** The flag of the GMs' card naming its side cards' key. */
export const SIDE_LINK_FLAG = "sideLink";

/** The key a GMs' card shares with its side cards, or undefined (an open table's card, or one posted alone). */
export function sideLinkOf(message: { readonly flags?: Readonly<Record<string, unknown>> }): string | undefined {
  const link = (message.flags?.[SYSTEM_ID] as Record<string, unknown> | undefined)?.[SIDE_LINK_FLAG];
  return typeof link === "string" && link !== "" ? link : undefined;
}
