/** The GM's Teams window (world setting `teams`), opened by id; its code loads on first use. */
import type { DialogEntry } from "../base/registry";

export const TEAMS: DialogEntry = {
  id: "teams",
  load: async () => (await import("./controller")).teamsController,
};
