/** The flak dialog (Operational Playsheet); each line is one serial's die, so no total. */
import { procedureController } from "../procedure";
import { flakProcedure } from "./state";

export const flakController = procedureController(flakProcedure, true);
