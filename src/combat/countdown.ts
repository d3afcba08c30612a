/**
 * The Planning countdown (team time): its length from the world setting, and what the tracker
 * shows each second. Pure; the tracker supplies the clock.
 */

/** The length when the setting holds nothing usable (the seed sets none: docs/rules-decisions.md). */
export const DEFAULT_PLANNING_MINUTES = 15;

/** The setting's value as whole minutes of 1 or more; anything else falls back to the default. */
export function planningLength(raw: unknown): number {
  return typeof raw === "number" && Number.isInteger(raw) && raw >= 1 ? raw : DEFAULT_PLANNING_MINUTES;
}

export interface CountdownView {
  /** When Planning ends (ms since the epoch). */
  readonly endsAt: number;
  /** Time left as mm:ss (minutes may pass 99), "00:00" once over. */
  readonly text: string;
  readonly over: boolean;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/** Time left until `endsAt` at `now`, rounded up to the second so 00:00 means the time is up. */
export function countdownView(endsAt: number, now: number): CountdownView {
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { endsAt, text: `${pad(Math.floor(left / 60))}:${pad(left % 60)}`, over: left === 0 };
}

/** The two i18n calls the countdown needs. */
export interface CountdownI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** The sentence the panel shows (the template shows the same on first render). */
export function countdownLabel(view: CountdownView, i18n: CountdownI18n): string {
  return view.over ? i18n.localize("NOBC.Turn.TimeUp") : i18n.format("NOBC.Turn.TimeLeft", { time: view.text });
}
