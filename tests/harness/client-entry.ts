/**
 * What one client of the multi-client harness (./clients.ts) loads: its own copy of the stand-in
 * (./foundry.ts, with the system's data models) and of the chat fake, put on that client's globals,
 * and the replay of writes the server sends it (./wire.ts). Loaded once per client with
 * `?nobcClient=<name>`, so nothing here is shared with another client.
 */
import "./install-globals";
import "./system-models";
import { chatFake } from "./chat-fake";
import { harness, setWire } from "./foundry";
import { carryOut } from "./wire";

export { carryOut, chatFake, harness, setWire };
