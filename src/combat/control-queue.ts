/**
 * The count of Control's queue on the tracker (issue #31, item 2): the queue's window sits in apps/,
 * above the tracker, so it registers here on init how to count what waits for this viewer and how
 * to open the window; the tracker only reads it (registries point up, imports point down).
 */
export interface ControlQueueHook {
  /** The items waiting in this viewer's sectors. */
  count(): Promise<number>;
  open(): Promise<unknown>;
}

let registered: ControlQueueHook | null = null;

export function registerControlQueueCount(hook: ControlQueueHook | null): void {
  registered = hook;
}

/** What the tracker's footer shows a GM: the count and the button's words; null for a player or before init registered it. */
export async function controlQueueView(isGM: boolean): Promise<{ readonly count: number } | null> {
  if (!isGM || registered === null) return null;
  return { count: await registered.count() };
}

export function openControlQueue(): Promise<unknown> | undefined {
  return registered?.open();
}
