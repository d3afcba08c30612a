/** The movement calculator's dialog (Operational Playsheet). */
import { procedureController } from "../procedure";
import { movementProcedure } from "./state";

export const movementController = procedureController(movementProcedure);
