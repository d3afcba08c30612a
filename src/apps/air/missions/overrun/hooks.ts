/**
 * The airfield overrun's hooks, registered on \`init\` (./watch.ts does the work). Every client hears a
 * token move and every chat message render; ./watch.ts is loaded only when there is something to do
 * (a token moved on the active GM's client, or a message carrying an offer), so it stays out of what
 * loads at \`init\`.
 */
import { SYSTEM_ID } from "../../../../base/constants";
import type { TokenLike } from "./watch";

interface OfferMessage {
  readonly flags: Record<string, unknown>;
  readonly author?: { readonly isGM?: boolean } | null;
}

const moved = (changed: unknown): boolean => typeof changed === "object" && changed !== null && ("x" in changed || "y" in changed);

const activeGMHere = (): boolean =>
  (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;

const carriesOffer = (message: OfferMessage): boolean =>
  (message.flags[SYSTEM_ID] as { overrunOffer?: unknown } | undefined)?.overrunOffer !== undefined;

/** On init: every client listens; only the active GM's client offers (Foundry does not wait for the promise). */
export function watchAirfieldOverruns(): void {
  Hooks.on("updateToken", ((token: TokenLike, changed: unknown) => {
    if (!moved(changed) || !activeGMHere()) return;
    // Where the token stands now: the module loads after this hook returns, and the token may have moved on by then.
    const at: TokenLike = { x: token.x, y: token.y, width: token.width, height: token.height, actor: token.actor, parent: token.parent };
    void import("./watch").then((watch) => watch.offerAirfieldOverrun(at, changed));
  }) as never);
  Hooks.on("renderChatMessageHTML", ((message: OfferMessage, html: HTMLElement) => {
    if (!carriesOffer(message)) return;
    void import("./watch").then((watch) => watch.wireOverrunOffer(message, html));
  }) as never);
}
