/**
 * The airfield overrun's hooks, registered on \`init\` (./watch.ts does the work). Every client hears a
 * token move (\`moveToken\`) and every chat message render; ./watch.ts is loaded only when there is
 * something to do (a token's movement ended on the active GM's client, or a message carrying an
 * offer), so it stays out of what loads at \`init\`. A movement arrives in checkpoints, one operation
 * each (v13): only its last (nothing left \`pending\`) is where the token ends its move; a hex it only
 * passes through offers nothing.
 */
import { SYSTEM_ID } from "../../../../base/constants";
import type { TokenLike } from "./watch";

interface OfferMessage {
  readonly flags: Record<string, unknown>;
  readonly author?: { readonly isGM?: boolean } | null;
}

/** The part of a \`moveToken\` movement read here: the waypoints still to come after this operation. */
interface MovementLike {
  readonly pending?: { readonly waypoints?: readonly unknown[] } | null;
}

const ended = (movement: MovementLike | null | undefined): boolean => (movement?.pending?.waypoints?.length ?? 0) === 0;

const activeGMHere = (): boolean =>
  (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;

const carriesOffer = (message: OfferMessage): boolean =>
  (message.flags[SYSTEM_ID] as { overrunOffer?: unknown } | undefined)?.overrunOffer !== undefined;

/** On init: every client listens; only the active GM's client offers (Foundry does not wait for the promise). */
export function watchAirfieldOverruns(): void {
  // v13's movement hook, which the type package does not list yet.
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: never[]) => unknown): number };
  hooks.on("moveToken", (token: TokenLike, movement: MovementLike | null | undefined) => {
    if (!ended(movement) || !activeGMHere()) return;
    // Where the token stands now: the module loads after this hook returns, and the token may have moved on by then.
    const at: TokenLike = { x: token.x, y: token.y, width: token.width, height: token.height, actor: token.actor, parent: token.parent };
    void import("./watch").then((watch) => watch.offerAirfieldOverrun(at));
  });
  Hooks.on("renderChatMessageHTML", ((message: OfferMessage, html: HTMLElement) => {
    if (!carriesOffer(message)) return;
    void import("./watch").then((watch) => watch.wireOverrunOffer(message, html));
  }) as never);
}
