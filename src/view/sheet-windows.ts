/**
 * Each sheet's default window size, in one place: the sheet classes open at it, and the gallery frames
 * each sheet at it (tests/browser/sheet-fit.test.ts holds the first view of each to it, with no scroll).
 */
export interface SheetWindow {
  /** The template, relative to templates/. */
  readonly template: string;
  readonly width: number;
  readonly height: number;
}

export const SHEET_WINDOWS = {
  unit: { template: "actor/unit.hbs", width: 560, height: 680 },
  hq: { template: "actor/hq.hbs", width: 600, height: 820 },
  airSquadron: { template: "actor/air-squadron.hbs", width: 540, height: 740 },
  airbase: { template: "actor/airbase.hbs", width: 540, height: 600 },
  nqmUnit: { template: "actor/nqm-unit.hbs", width: 560, height: 740 },
  supportCard: { template: "item/support-card.hbs", width: 480, height: 520 },
} as const satisfies Record<string, SheetWindow>;

/** A sheet's window as Foundry's `position` option. */
export function windowPosition(kind: keyof typeof SHEET_WINDOWS): { width: number; height: number } {
  const { width, height } = SHEET_WINDOWS[kind];
  return { width, height };
}

/** The default window of the sheet a template draws, if it is a sheet's. */
export function sheetWindowOf(template: string): SheetWindow | undefined {
  return Object.values(SHEET_WINDOWS).find((w) => w.template === template);
}
