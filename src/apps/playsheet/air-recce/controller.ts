/** The air recce dialog (Operational Playsheet). */
import { procedureController } from "../procedure";
import { airRecceProcedure } from "./state";

export const airRecceController = procedureController(airRecceProcedure);
