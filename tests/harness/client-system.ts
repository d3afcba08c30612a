/**
 * What one client of a network that runs the whole system (`Network.open({ system: true })`,
 * ./clients.ts) loads: as ./client-entry.ts, with the sheets' stand-in (./sheets-fake.ts) put on
 * the client's globals before the chat fake, as a single-client test of the system imports them,
 * since the entry point (src/nobc.ts) mixes the sheets' base classes at load time; and the
 * counters' painter that ./install.ts sets for a single client.
 */
import "./install-globals";
import "./system-models";
import { sheetsFake } from "./sheets-fake";
import { carryOut, chatFake, harness, setWire } from "./client-entry";
import { setCounterPainter } from "../../src/canvas/counter-tokens";

export { carryOut, chatFake, harness, setWire, sheetsFake };

/** No canvas and no PIXI here: the counters a token would show are kept as their SVG, as ./install.ts does for one client. */
export const paintedCounters = new Map<object, string>();
setCounterPainter(() => ({
  paint: (token, svg) => void paintedCounters.set(token, svg),
  fit: () => undefined,
  release: (token) => void paintedCounters.delete(token),
}));
