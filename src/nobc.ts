/**
 * Foundry entry point. Kept light: registration only, no document reads at start-up.
 */
import "../styles/nobc.css";
import * as rules from "./rules/index";
import { SYSTEM_ID } from "./constants";

export interface NobcApi {
  rules: typeof rules;
}

declare global {
  // `game.nobc` exists from `init` on, so every game state after it carries the namespace.
  interface InitGame {
    nobc: NobcApi;
  }
  interface I18nInitGame {
    nobc: NobcApi;
  }
  interface SetupGame {
    nobc: NobcApi;
  }
  interface ReadyGame {
    nobc: NobcApi;
  }
}

Hooks.once("init", () => {
  (game as InitGame).nobc = { rules };
  console.log(`${SYSTEM_ID} | initialised`);
});
