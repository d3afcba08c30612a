/**
 * Import first in a Foundry-layer test: puts the stand-in (./foundry.ts) on globalThis before the
 * modules under test are evaluated, since data models extend `foundry.abstract.TypeDataModel`.
 */
import { installFoundryStandIn } from "./foundry";

installFoundryStandIn();
