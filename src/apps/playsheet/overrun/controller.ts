/** The overrun dialog (Operational Playsheet): a fight under a breakthrough order. */
import { procedureController } from "../procedure";
import { overrunProcedure } from "./state";

export const overrunController = procedureController(overrunProcedure);
