/** The air resupply dialog (Operational Playsheet). */
import { procedureController } from "../procedure";
import { airResupplyProcedure } from "./state";

export const airResupplyController = procedureController(airResupplyProcedure);
