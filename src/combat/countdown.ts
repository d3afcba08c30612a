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

/** The words a clock is told in: Planning's by default; any other stage's clock names its stage (src/combat/stage-clock.ts). */
export interface CountdownWords {
  readonly leftKey: string;
  readonly upKey: string;
  readonly stage: string;
}

const PLANNING_WORDS: CountdownWords = { leftKey: "NOBC.Turn.TimeLeft", upKey: "NOBC.Turn.TimeUp", stage: "" };

/** The sentence the panel shows (the template shows the same on first render). */
export function countdownLabel(view: CountdownView, i18n: CountdownI18n, words: CountdownWords = PLANNING_WORDS): string {
  // Planning's words name no stage: they are filled with the time alone.
  const stage: Record<string, string> = words.stage === "" ? {} : { stage: words.stage };
  if (view.over) return words.stage === "" ? i18n.localize(words.upKey) : i18n.format(words.upKey, stage);
  return i18n.format(words.leftKey, { time: view.text, ...stage });
}
