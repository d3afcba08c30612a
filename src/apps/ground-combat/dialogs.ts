/** The ground-combat planner's dialog entry, with its turn-panel button. Its code loads when it first opens. */
import type { DialogEntry } from "../base/registry";

export const PLANNER: DialogEntry = {
  id: "groundCombat.plan",
  load: async () => (await import("./controller")).plannerController,
  stage: { stage: "groundCombat", label: "NOBC.GroundCombat.StageAction", icon: "fa-solid fa-crosshairs", gmOnly: false },
};
