/** The Air War chart window's dialog entry (opened by id; its code loads on first use). */
import type { DialogEntry } from "../../base/registry";

export const AIR_CHART: DialogEntry = {
  id: "air.chart",
  load: async () => (await import("./controller")).airChartController,
};

/** The stem of an open chart window's id (`dialogId` of the entry's id). */
export const CHART_WINDOW_PREFIX = "nobc-air-chart-";
