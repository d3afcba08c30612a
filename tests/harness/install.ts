/**
 * Import first in a Foundry-layer test: puts the stand-in (./foundry.ts) on globalThis before the
 * modules under test are evaluated, since data models extend `foundry.abstract.TypeDataModel`;
 * then gives it the system's data models, so every update is validated as Foundry validates it.
 *
 * Foundry's `Hooks.call` / `callAll` catch and log a handler that throws; so does the stand-in.
 * Unless the test turns `harness.hookSwitch.failTest` off, such a throw fails the test after it
 * ends, instead of passing unseen.
 */
import "./install-globals";
import "./system-models";
import { afterEach } from "vitest";
import { harness } from "./foundry";
import { setCounterPainter } from "../../src/canvas/counter-tokens";

/**
 * The harness has no canvas and no PIXI: the unit counters drawn on tokens (src/canvas/counter-tokens.ts)
 * are kept here as the SVG each token shows, so a test can read what a token would show.
 */
export const paintedCounters = new Map<object, string>();
setCounterPainter(() => ({
  paint: (token, svg) => void paintedCounters.set(token, svg),
  fit: () => undefined,
  release: (token) => void paintedCounters.delete(token),
}));

/** Throws, listing them, when hook handlers threw during the test and the switch is on; resets both. */
export function checkHookErrors(): void {
  const caught = harness.hookErrors.splice(0);
  const fail = harness.hookSwitch.failTest;
  harness.hookSwitch.failTest = true;
  if (fail && caught.length > 0) {
    const list = caught.map((c) => `${c.hook}: ${c.error instanceof Error ? c.error.message : String(c.error)}`).join("\n");
    throw new Error(`A hook handler threw (Foundry would log it and go on):\n${list}`);
  }
}

/** Throws, listing them, when v13 `-=` / `==` keys were written while the harness plays v14 (deprecated there); resets the list. */
export function checkDeprecations(): void {
  const seen = harness.deprecations.splice(0);
  if (seen.length > 0)
    throw new Error(`Foundry v14 deprecates these update keys (write them through src/base/compat.ts): ${seen.join(", ")}`);
}

afterEach(checkHookErrors);
afterEach(checkDeprecations);

// The latency mode of tests/security/ (vitest.config.ts, project `wire`): every write goes over a delayed wire.
const wireDelay = process.env["NOBC_WIRE_DELAY"];
if (wireDelay !== undefined && wireDelay !== "") (await import("./latency")).installLatency(Number(wireDelay));
