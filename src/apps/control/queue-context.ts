/**
 * What the Control queue window shows a viewer: the items of their sectors (every item for a GM
 * who is no umpire, or with "all" ticked), grouped by sector (the umpire whose sector names the
 * item, else its war), each group and each row oldest first, with who has taken it, who rules on
 * it, and the button that settles it. Pure.
 */
import type { Translator } from "../../base/foundry";
import { covers, inViewersSector, sectorIsWhole, whoRules, type UmpireUser, type Umpires } from "../../teams/umpires";
import type { QueueItem, QueueKind, Settle } from "./queue";
import type { Taken } from "./taken";

export interface QueueState {
  /** Every sector's items, not only the viewer's. */
  readonly all: boolean;
}

export interface QueueWorld {
  readonly isGM: boolean;
  readonly userId: string | null;
  readonly items: readonly QueueItem[];
  readonly taken: Taken;
  readonly umpires: Umpires;
  readonly users: readonly (UmpireUser & { readonly name: string })[];
  readonly activeGm: string | null;
  /** Now (ms since the epoch), for how long each item has waited. */
  readonly at: number;
}

export interface QueueRowView {
  readonly id: string;
  readonly kind: QueueKind;
  readonly kindLabel: string;
  readonly subject: string;
  readonly waited: string;
  readonly ruler: string;
  readonly takenBy: string | null;
  readonly takenByMe: boolean;
  readonly mayTake: boolean;
  readonly settleLabel: string;
  readonly settleIcon: string;
}

export interface QueueGroupView {
  readonly key: string;
  readonly label: string;
  readonly rows: readonly QueueRowView[];
}

export interface QueueView {
  readonly groups: readonly QueueGroupView[];
  readonly shown: number;
  readonly total: number;
  readonly all: boolean;
  /** The viewer is an umpire with a sector (the "all" box means something). */
  readonly hasSector: boolean;
}

const KIND_LABEL: Record<QueueKind, string> = {
  wmd: "NOBC.Control.Kind.wmd",
  stacking: "NOBC.Control.Kind.stacking",
  retreat: "NOBC.Control.Kind.retreat",
  repair: "NOBC.Control.Kind.repair",
  override: "NOBC.Control.Kind.override",
  marked: "NOBC.Control.Kind.marked",
};

const SETTLE: Record<Settle["action"], { readonly label: string; readonly icon: string }> = {
  openMessage: { label: "NOBC.Control.Settle.openMessage", icon: "fa-solid fa-comment" },
  retreat: { label: "NOBC.Control.Settle.retreat", icon: "fa-solid fa-person-walking-arrow-loop-left" },
  repair: { label: "NOBC.Control.Settle.repair", icon: "fa-solid fa-screwdriver-wrench" },
  pan: { label: "NOBC.Control.Settle.pan", icon: "fa-solid fa-location-crosshairs" },
  rule: { label: "NOBC.Control.Settle.rule", icon: "fa-solid fa-gavel" },
};

const WAR_GROUP = { air: "NOBC.Control.Group.air", land: "NOBC.Control.Group.land" } as const;

/** The group of an item: the first umpire (world order) whose named sector covers it, else its war. */
function groupOf(item: QueueItem, world: QueueWorld, i18n: Translator): { key: string; label: string } {
  for (const u of world.users) {
    const sector = Object.hasOwn(world.umpires.umpires, u.id) ? world.umpires.umpires[u.id] : undefined;
    if (sector !== undefined && !sectorIsWhole(sector) && covers(sector, item.sector))
      return { key: `umpire:${u.id}`, label: i18n.format("NOBC.Control.Group.umpire", { name: u.name }) };
  }
  const war = item.sector.war;
  return war === null
    ? { key: "none", label: i18n.localize("NOBC.Control.Group.none") }
    : { key: `war:${war}`, label: i18n.localize(WAR_GROUP[war]) };
}

export function queueContext(state: QueueState, world: QueueWorld, i18n: Translator): QueueView {
  const names = new Map(world.users.map((u) => [u.id, u.name]));
  const hasSector = world.userId !== null && Object.hasOwn(world.umpires.umpires, world.userId);
  const shown = world.items.filter((item) => state.all || inViewersSector(world.umpires, world.userId, item.sector));
  const groups = new Map<string, { key: string; label: string; rows: QueueRowView[] }>();
  for (const item of shown) {
    const { key, label } = groupOf(item, world, i18n);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { key, label, rows: [] }));
    const holder = Object.hasOwn(world.taken, item.id) ? world.taken[item.id] : undefined;
    const ruler = whoRules(world.umpires, item.sector, world.users, world.activeGm);
    const settle = SETTLE[item.settle.action];
    group.rows.push({
      id: item.id,
      kind: item.kind,
      kindLabel: i18n.localize(KIND_LABEL[item.kind]),
      subject: item.subject,
      waited:
        item.since === 0
          ? i18n.localize("NOBC.Control.WaitedUnknown")
          : i18n.format("NOBC.Control.Waited", { minutes: String(Math.max(0, Math.floor((world.at - item.since) / 60_000))) }),
      ruler:
        ruler.user === null
          ? i18n.localize("NOBC.Control.NoGm")
          : ruler.by === "umpire"
            ? (names.get(ruler.user) ?? ruler.user)
            : i18n.format("NOBC.Control.ActiveGm", { name: names.get(ruler.user) ?? ruler.user }),
      takenBy: holder === undefined ? null : (names.get(holder.by) ?? holder.by),
      takenByMe: holder?.by === world.userId,
      mayTake: world.isGM && holder === undefined,
      settleLabel: i18n.localize(settle.label),
      settleIcon: settle.icon,
    });
  }
  return { groups: [...groups.values()], shown: shown.length, total: world.items.length, all: state.all, hasSector };
}
