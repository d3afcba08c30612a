/** Control's windows on init: the theatre dashboard, the queue of what waits for a ruling (with its count on the tracker), the umpires. */
import { SYSTEM_ID } from "../../base/constants";
import { registerControlQueueCount } from "../../combat/control-queue";
import { registerUmpiresSetting, readUmpires } from "../../teams/umpires-read";
import { inViewersSector } from "../../teams/umpires";
import { openDialog, registerDialog } from "../base/registry";
import { CONTROL_QUEUE, THEATRE_DASHBOARD, UMPIRES } from "./dialogs";
import { dashboardOpen, openControlQueue, redrawControlQueues, redrawDashboards } from "./macros";
import { registerTakenSetting, registerTakeQuery, setWaitingReader } from "./taken";
import { registerMarkQueries } from "../../queries/control-mark-queries";
import { setCardSectorReader } from "../../chat/resolution-card";
import { cardSector } from "../../world/item-sector";
import { readBattlefield } from "../../world/read";

export const UMPIRES_MENU = "umpiresMenu";

/** The hooks of a change the dashboard shows: an actor, its items (cards held, strength), a token (hex). */
const WORLD_HOOKS = [
  "createActor",
  "updateActor",
  "deleteActor",
  "createItem",
  "updateItem",
  "deleteItem",
  "createToken",
  "updateToken",
  "deleteToken",
] as const;

/** A moment after the world changes (one redraw for a burst), the open dashboards drawn again. */
let dashboardRedraw: ReturnType<typeof setTimeout> | null = null;
function redrawDashboard(): void {
  if (dashboardRedraw !== null || !dashboardOpen()) return;
  dashboardRedraw = setTimeout(() => {
    dashboardRedraw = null;
    if ((globalThis as { game?: unknown }).game !== undefined) redrawDashboards();
  }, 300);
}

export function registerTheatreDashboard(): void {
  registerDialog(THEATRE_DASHBOARD);
  for (const hook of WORLD_HOOKS) Hooks.on(hook, redrawDashboard as never);
}

function menuClass() {
  return class UmpiresMenu extends foundry.applications.api.ApplicationV2 {
    override async render(): Promise<this> {
      await openDialog(UMPIRES);
      return this;
    }
  };
}

/** The count the tracker last drew (null: not drawn yet). */
let drawnCount: number | null = null;

/**
 * The queue's reader, loaded when first asked: it reads the whole battlefield and the rules' checks,
 * which need not load before init (the tracker asks for the count only once it draws).
 */
const queueRead = () => import("./queue-read");

/** The items waiting in this viewer's sectors. */
async function viewersCount(): Promise<number> {
  const umpires = readUmpires();
  const me = game.user?.id ?? null;
  return (await queueRead()).readQueue().filter((i) => inViewersSector(umpires, me, i.sector)).length;
}

/**
 * A moment after what the queue reads changes (one redraw for a burst): the open queue windows
 * drawn again, and the tracker only when its count is not the one it shows.
 */
let redraw: ReturnType<typeof setTimeout> | null = null;
function redrawQueue(): void {
  if (game.user?.isGM !== true || redraw !== null) return;
  redraw = setTimeout(() => {
    redraw = null;
    if ((globalThis as { game?: unknown }).game === undefined) return;
    redrawControlQueues();
    // Read at the time it fires: the page (a test's world) may be gone by then.
    const tracker = (globalThis as { ui?: { combat?: { rendered?: boolean; render?(): unknown } } }).ui?.combat;
    if (tracker?.rendered !== true || drawnCount === null) return;
    const shown = drawnCount;
    void viewersCount().then((now) => (now !== shown ? tracker.render?.() : undefined));
  }, 300);
}

export function registerControlQueue(): void {
  // A take or a new sector changes what the queue shows and counts (a setting's onChange runs on every client).
  registerUmpiresSetting(() => {
    redrawQueue();
    redrawDashboard();
  });
  registerTakenSetting(redrawQueue);
  registerTakeQuery();
  registerMarkQueries();
  // Every card the active GM's client posts carries its sector, read on the viewed scene's battlefield.
  setCardSectorReader((card) => cardSector(readBattlefield(), card));
  registerDialog(CONTROL_QUEUE);
  registerDialog(UMPIRES);
  game.settings?.registerMenu(SYSTEM_ID, UMPIRES_MENU, {
    name: "NOBC.Umpires.Menu.name",
    label: "NOBC.Umpires.Menu.label",
    hint: "NOBC.Umpires.Menu.hint",
    icon: "fa-solid fa-user-tie",
    type: menuClass(),
    restricted: true,
  });
  setWaitingReader(async () => new Set((await queueRead()).readQueue().map((i) => i.id)));
  registerControlQueueCount({
    async count() {
      drawnCount = await viewersCount();
      return drawnCount;
    },
    open: openControlQueue,
  });
  // What the queue is derived from: the chat, the units and their tokens (a stacking breach, an arrival, a
  // withdrawal), and the turn (a stage entered brings step 9's repairs, a stage left the cards to override).
  const QUEUE_HOOKS = [
    "createChatMessage",
    "updateChatMessage",
    "deleteChatMessage",
    "updateActor",
    "createToken",
    "updateToken",
    "deleteToken",
    "updateCombat",
  ] as const;
  for (const hook of QUEUE_HOOKS) Hooks.on(hook, redrawQueue as never);
}
