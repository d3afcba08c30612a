/** The supporting-artillery dialog (Operational Playsheet). */
import { procedureController } from "../procedure";
import { artilleryProcedure } from "./state";

export const artilleryController = procedureController(artilleryProcedure);
