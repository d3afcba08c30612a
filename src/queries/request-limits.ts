/**
 * How much one player may ask of the active GM: at most `MAX_IN_FLIGHT` requests being answered at
 * once, and `MAX_PER_MINUTE` answered in any minute. Every query the GM answers for a player goes
 * through `handler` (./register.ts), which takes a place here after the asker proved who they are
 * (so nobody spends another's allowance) and before any work of the request. GMs are not limited:
 * the GM client answers them as it acts on its own clicks.
 *
 * The limits are far above play. A player clicks Apply, drops a card or submits a dialog a few
 * times a minute in a busy step (a whole Orders phase of ten HQs is some thirty requests over many
 * minutes), and waits for each answer; a macro that awaits each answer makes one request at a time.
 * Only a script firing requests without waiting reaches them: 200 card assignments at once were 200
 * GM writes. The window is kept per GM client and forgotten at reload, as the GM's queues are.
 */

/** Requests of one player being answered at once: a few, for clicks made before the first answer came. */
export const MAX_IN_FLIGHT = 8;

/** Requests of one player answered in any 60 s: two a second, all minute long, is no one playing by hand. */
export const MAX_PER_MINUTE = 120;

const MINUTE_MS = 60_000;

interface Usage {
  inFlight: number;
  /** When each of the last minute's requests was taken, oldest first (at most `MAX_PER_MINUTE`). */
  readonly times: number[];
}

/** Per GM client (the harness plays two in one world), per player: the answering client's id, then the asker's. */
const usage = new Map<string, Usage>();

export type Taken = { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly reason: string };

/**
 * Takes one request's place for `asker` on GM client `gm`, at `now` (ms): refused with the lang key
 * of the limit reached, else the place and its `release` (call it once, when the answer is sent).
 */
export function takeRequest(gm: string, asker: { readonly id: string; readonly isGM: boolean }, now: number): Taken {
  if (asker.isGM) return { ok: true, release: () => undefined };
  const key = `${gm}/${asker.id}`;
  const use = usage.get(key) ?? { inFlight: 0, times: [] };
  usage.set(key, use);
  while (use.times.length > 0 && use.times[0]! <= now - MINUTE_MS) use.times.shift();
  if (use.inFlight >= MAX_IN_FLIGHT) return { ok: false, reason: "NOBC.Request.Refused.tooManyAtOnce" };
  if (use.times.length >= MAX_PER_MINUTE) return { ok: false, reason: "NOBC.Request.Refused.tooManyPerMinute" };
  use.inFlight += 1;
  use.times.push(now);
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      use.inFlight -= 1;
    },
  };
}

/** Forgets every count (tests; a reload forgets them anyway). */
export function resetRequestLimits(): void {
  usage.clear();
}
