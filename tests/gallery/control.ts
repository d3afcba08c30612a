/**
 * Gallery entries of Control's theatre dashboard (src/apps/control): the generated 100-unit theatre
 * filtered to one NATO HQ and everything under it, sorted by strength, and the whole theatre's
 * squadrons and airbases. Built by the dashboard's own pure functions.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { dashboardContext } from "../../src/apps/control/context";
import { NO_FILTER, theatreRows } from "../../src/world/theatre-table";
import { theatre, theatreField } from "../bench/theatre";
import { queueItems } from "../../src/apps/control/queue";
import { queueContext, type QueueWorld } from "../../src/apps/control/queue-context";
import { umpiresContext } from "../../src/apps/control/umpires-window";
import { umpiresState, type UmpiresWorld } from "../../src/apps/control/umpires-state";

const rows = theatreRows(theatreField(theatre(100)));
const hq = rows.find((r) => r.kind === "hq" && r.side === "nato" && r.parent === null) ?? rows.find((r) => r.kind === "hq")!;
// The black chip on one unit, so the entry shows it.
const shown = rows.map((r, i) => (r.kind === "unit" && i % 7 === 0 ? { ...r, chip: true, states: [...r.states, "noMove" as const] } : r));

/** Control's queue: a release request, a retreat owed and a damaged squadron, one umpire for the Air War. */
const names = new Map([
  ["Actor.h1.Item.n", "Davy Crockett"],
  ["Actor.u1", "PzBrig 1"],
  ["Actor.s1", "JaBoG 31"],
]);
const users = [
  { id: "gm", name: "Map Control", isGM: true, active: true },
  { id: "air", name: "Air Control", isGM: true, active: true },
];
const queueWorld: QueueWorld = {
  isGM: true,
  userId: "gm",
  items: queueItems({
    now: { turn: 1, stage: "airRepair" },
    messages: [
      {
        id: "m1",
        author: { id: "gm", isGM: true },
        timestamp: 120_000,
        flags: {
          nobc: {
            wmdRequest: {
              state: { card: "Actor.h1.Item.n", target: "nuclear", hex: "0202", otherHex: "", identification: ["", ""] },
              requestedBy: "p1",
              status: "pending",
            },
          },
        },
      },
      {
        id: "c1",
        type: "resolution",
        author: { id: "gm", isGM: true },
        timestamp: 60_000,
        system: { state: "applied", effects: [{ type: "retreat", actor: "Actor.u1", hexes: 2 }] },
      },
    ],
    units: [{ id: "Actor.u1", hex: "0101", hq: "Actor.h1" }],
    hqs: [{ id: "Actor.h1", hex: "0102" }],
    squadrons: [{ id: "Actor.s1", side: "nato", box: "damaged" }],
    names,
    breaches: new Set(),
    gms: new Set(["gm", "air"]),
    cards: new Map(),
  }),
  taken: { "wmd:m1": { by: "gm", at: 0 } },
  umpires: { umpires: { air: { wars: ["air"], hqs: [], areas: [] } } },
  users,
  activeGm: "gm",
  at: 15 * 60_000,
};
const umpiresWorld: UmpiresWorld = {
  isGM: true,
  gms: users.map((u) => ({ id: u.id, name: u.name })),
  hqs: [
    { uuid: "Actor.h1", name: "I Corps" },
    { uuid: "Actor.w0", name: "1 GTA" },
  ],
  umpires: { umpires: { air: { wars: ["air"], hqs: ["Actor.h1"], areas: [{ from: "0101", to: "0302" }] } } },
};

/** What the entries are built from: the theatre's names and hexes are data, not words. */
export const controlFixtureData: readonly unknown[] = [rows, names, users, umpiresWorld.hqs];

export function controlGallery(i18n: Translator): FixtureSheet[] {
  const classes = "application nobc nobc-theatre";
  return [
    {
      id: "theatre-dashboard-hq",
      title: "Theatre dashboard (one NATO HQ and everything under it, by strength, GM)",
      template: "apps/control/dashboard.hbs",
      classes,
      context: dashboardContext(shown, { filter: { ...NO_FILTER, hq: hq.id }, sort: { key: "strength", descending: true } }, i18n),
    },
    {
      id: "theatre-dashboard-air",
      title: "Theatre dashboard (the squadrons, by box, GM)",
      template: "apps/control/dashboard.hbs",
      classes,
      context: dashboardContext(shown, { filter: { ...NO_FILTER, kind: "airSquadron" }, sort: { key: "box", descending: false } }, i18n),
    },
    {
      id: "control-queue",
      title: "Control queue (a retreat, a damaged squadron in an umpire's sector, a release request taken, GM)",
      template: "apps/control/queue.hbs",
      classes: "application nobc nobc-control-queue",
      context: queueContext({ all: false }, queueWorld, i18n),
    },
    {
      id: "control-umpires",
      title: "Umpires (Air Control: the Air War, I Corps and an area, GM)",
      template: "apps/control/umpires.hbs",
      classes: "application nobc nobc-umpires",
      context: umpiresContext(umpiresState(umpiresWorld), umpiresWorld, i18n),
    },
  ];
}
