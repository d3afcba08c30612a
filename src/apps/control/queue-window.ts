/**
 * Control's queue (GM only; issue #31, item 2): everything waiting for an umpire's ruling, derived
 * from the documents on every render (./queue.ts), shown for the viewer's sectors (./queue-context.ts).
 * A row's button opens what settles it (the message with its controls, the retreat or repair dialog,
 * the hex's units on the map); Take and Let go mark who rules on it (./taken.ts, written by the
 * active GM). The window itself writes nothing.
 */
import { currentUser, isGM, notify } from "../../base/foundry";
import { activeGmId, readUmpires, umpireUsers } from "../../teams/umpires-read";
import { usersOfWorld } from "../../teams/read";
import { gmOnly, opened, refused, type DialogController } from "../base/controller";
import { openDialog } from "../base/registry";
import { RETREAT } from "../land/dialogs";
import { REPAIR } from "../air/missions/dialogs";
import { panTo } from "./dashboard";
import type { QueueItem, Settle } from "./queue";
import { queueContext, type QueueState, type QueueWorld } from "./queue-context";
import { readQueue } from "./queue-read";
import { readTaken, requestTake } from "./taken";
import { requestRule } from "../../queries/control-marks";

export function readQueueWorld(user?: { readonly id?: string | null; readonly isGM?: boolean }): QueueWorld {
  const me = user ?? currentUser();
  const names = new Map(usersOfWorld().map((u) => [u.id, u.name ?? u.id]));
  return {
    isGM: isGM(me),
    userId: me?.id ?? null,
    items: readQueue(),
    taken: readTaken(),
    umpires: readUmpires(),
    users: umpireUsers().map((u) => ({ ...u, name: names.get(u.id) ?? u.id })),
    activeGm: activeGmId(),
    at: Date.now(),
  };
}

interface ChatElement {
  scrollIntoView?(options: object): void;
  classList?: { add(name: string): void };
}

/** Shows the message in the chat log (the sidebar's chat tab, scrolled to it); says so when the log does not hold it. */
function openMessage(id: string): void {
  const sidebar = (ui as unknown as { sidebar?: { changeTab?(tab: string, group: string): unknown } }).sidebar;
  sidebar?.changeTab?.("chat", "primary");
  // A document id is letters and digits; anything else names no message to look for.
  const element = /^[A-Za-z0-9]{1,64}$/.test(id)
    ? ((globalThis.document as Document | undefined)?.querySelector(`[data-message-id="${id}"]`) as ChatElement | null | undefined)
    : null;
  if (element?.scrollIntoView === undefined) {
    notify("warn", "NOBC.Control.MessageNotShown");
    return;
  }
  element.scrollIntoView({ block: "center" });
}

/** What a row's button does. */
export async function settle(item: Settle): Promise<unknown> {
  switch (item.action) {
    case "openMessage":
      openMessage(item.message);
      return undefined;
    case "retreat":
      return openDialog(RETREAT, { source: item.source });
    case "repair":
      return openDialog(REPAIR, { side: item.side });
    case "pan":
      panTo(item.uuid);
      return undefined;
    case "rule":
      return requestRule(item.message);
  }
}

const itemOf = (world: QueueWorld, target: HTMLElement): QueueItem | undefined => world.items.find((i) => i.id === target.dataset["id"]);

export const queueController: DialogController<QueueState, QueueWorld> = {
  template: "apps/control/queue.hbs",
  title: "NOBC.Control.Title",
  icon: "fa-solid fa-gavel",
  classes: ["nobc", "nobc-control-queue"],
  width: 760,
  submitAction: "noSubmit",
  read: (user) => readQueueWorld(user),
  open: () => opened({ all: false }),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.Control.GmOnly"),
  context: (state, world, i18n) => queueContext(state, world, i18n),
  change: (state, values) => ({ ...state, all: values["all"] === true || values["all"] === "on" || values["all"] === "true" }),
  actions: {
    refresh: (state) => state,
    async settle(state, world, target) {
      const item = itemOf(world, target);
      if (item === undefined) notify("warn", "NOBC.Control.Refused.settled");
      else await settle(item.settle);
      return state;
    },
    async take(state, _world, target) {
      await requestTake(target.dataset["id"] ?? "", true);
      return state;
    },
    async release(state, _world, target) {
      await requestTake(target.dataset["id"] ?? "", false);
      return state;
    },
  },
  submit: () => refused([]),
};
