/** Control's windows on init: the theatre dashboard, the queue of what waits for a ruling (with its count on the tracker), the umpires. */
import { SYSTEM_ID } from "../../base/constants";
import { registerControlQueueCount } from "../../combat/control-queue";
import { registerUmpiresSetting, readUmpires } from "../../teams/umpires-read";
import { inViewersSector } from "../../teams/umpires";
import { openDialog, registerDialog } from "../base/registry";
import { CONTROL_QUEUE, THEATRE_DASHBOARD, UMPIRES } from "./dialogs";
import { readQueue } from "./queue-read";
import { registerTakenSetting, registerTakeQuery, setWaitingReader, TAKEN_SETTING } from "./taken";

export const UMPIRES_MENU = "umpiresMenu";

export function registerTheatreDashboard(): void {
  registerDialog(THEATRE_DASHBOARD);
}

function menuClass() {
  return class UmpiresMenu extends foundry.applications.api.ApplicationV2 {
    override async render(): Promise<this> {
      await openDialog(UMPIRES);
      return this;
    }
  };
}

/** The tracker's count is drawn again a moment after what the queue reads changes (one redraw for a burst). */
let redraw: ReturnType<typeof setTimeout> | null = null;
function redrawTracker(): void {
  if (game.user?.isGM !== true || redraw !== null) return;
  redraw = setTimeout(() => {
    redraw = null;
    void (ui as unknown as { combat?: { render?(): unknown } }).combat?.render?.();
  }, 300);
}

export function registerControlQueue(): void {
  registerUmpiresSetting();
  registerTakenSetting();
  registerTakeQuery();
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
  setWaitingReader(() => new Set(readQueue().map((i) => i.id)));
  registerControlQueueCount({
    count() {
      const umpires = readUmpires();
      const me = game.user?.id ?? null;
      return readQueue().filter((i) => inViewersSector(umpires, me, i.sector)).length;
    },
    open: () => openDialog(CONTROL_QUEUE),
  });
  for (const hook of ["createChatMessage", "updateChatMessage", "deleteChatMessage", "updateActor", "updateToken"] as const)
    Hooks.on(hook, redrawTracker as never);
  Hooks.on("updateSetting", ((setting: { key?: string }) => {
    if (setting.key === `${SYSTEM_ID}.${TAKEN_SETTING}`) redrawTracker();
  }) as never);
}
