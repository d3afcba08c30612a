/** The interdiction and flak suppression dialog (Operational Playsheet); each die is one unit's, so no total. */
import { procedureController } from "../procedure";
import { interdictionProcedure } from "./state";

export const interdictionController = procedureController(interdictionProcedure, true);
