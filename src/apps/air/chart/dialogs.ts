/** The Air War chart window's dialog entry (opened by id; its code loads on first use). */
import type { DialogEntry } from "../../base/registry";

export const AIR_CHART: DialogEntry = {
  id: "air.chart",
  load: async () => (await import("./controller")).airChartController,
};
