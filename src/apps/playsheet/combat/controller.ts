/** The combat dialog (Operational Playsheet): the formula, the Results Table and the retire dice. */
import { procedureController } from "../procedure";
import { combatProcedure } from "./state";

export const combatController = procedureController(combatProcedure);
