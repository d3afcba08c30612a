/** The air-to-air dialog (Operational Playsheet): fighters against fighters, and a stream's losses. */
import { procedureController } from "../procedure";
import { airToAirProcedure } from "./state";

// Its lines are each side's squadrons and losses, not one score.
export const airToAirController = procedureController(airToAirProcedure, true);
