/** The air support level dialog (Operational Playsheet); each kind's line is its own level, so no total. */
import { procedureController } from "../procedure";
import { airSupportProcedure } from "./state";

export const airSupportController = procedureController(airSupportProcedure, true);
