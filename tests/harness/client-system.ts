/**
 * What one client of a network that runs the whole system (`Network.open({ system: true })`,
 * ./clients.ts) loads: as ./client-entry.ts, with the sheets' stand-in (./sheets-fake.ts) put on
 * the client's globals before the chat fake, as a single-client test of the system imports them,
 * since the entry point (src/nobc.ts) mixes the sheets' base classes at load time.
 */
import "./install-globals";
import "./system-models";
import { sheetsFake } from "./sheets-fake";
import { carryOut, chatFake, harness, setWire } from "./client-entry";

export { carryOut, chatFake, harness, setWire, sheetsFake };
