/** Puts the stand-in (./foundry.ts) on globalThis; imported first by ./install.ts. */
import { installFoundryStandIn } from "./foundry";

installFoundryStandIn();
