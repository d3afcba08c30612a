/**
 * Control's theatre dashboard (GM only; issue #31): every unit, HQ, squadron and airbase of the
 * world in one table, filtered by side, HQ, an umpire's sector, kind and state, sorted by any
 * column, drawn again a moment after the world changes (./register.ts). A row opens its actor's
 * sheet or pans the viewed scene to its token. The whole theatre is exported from here as CSV or
 * .xlsx in the order-of-battle import's columns (by the writer the import registers,
 * ./exporter.ts), so the file edited in a spreadsheet is imported again through the import dialog
 * (docs/orbat.md).
 * It reads only; it writes nothing to the world.
 */
import { isGM, localize, notify } from "../../base/foundry";
import { documentAt } from "../../effects/world-documents";
import { SIDES } from "../../schemas/system";
import type { Battlefield } from "../../world/battlefield";
import { readBattlefield, viewedCanvas } from "../../world/read";
import { readUmpires } from "../../teams/umpires-read";
import { usersOfWorld } from "../../teams/read";
import { sectorIsWhole, sectorOf, type Umpires } from "../../teams/umpires";
import {
  NO_FILTER,
  SORT_KEYS,
  THEATRE_KINDS,
  THEATRE_STATES,
  theatreRows,
  type SortKey,
  type TheatreFilter,
} from "../../world/theatre-table";
import { formText, gmOnly, opened, refused, type DialogController, type FormValues } from "../base/controller";
import { dashboardContext, type DashboardState } from "./context";
import { saveFile } from "./download";
import { theatreExporter, type TheatreFormat } from "./exporter";

export interface DashboardWorld {
  readonly isGM: boolean;
  readonly field: Battlefield;
  readonly umpires: Umpires;
  /** The world's users by id, for the sectors' names. */
  readonly names: ReadonlyMap<string, string>;
}

/** The umpires with a sector of their own, in the world's order of users, each with their name. */
export function sectorChoices(world: Pick<DashboardWorld, "umpires" | "names">): { readonly umpire: string; readonly name: string }[] {
  return Object.keys(world.umpires.umpires)
    .filter((id) => world.names.has(id) && !sectorIsWhole(world.umpires.umpires[id]!))
    .map((id) => ({ umpire: id, name: world.names.get(id)! }));
}

/** A token of the viewed canvas, as panning to it reads it. */
interface TokenLike {
  readonly actor?: { readonly uuid: string } | null;
  readonly center: { readonly x: number; readonly y: number };
  control?(options: { releaseOthers: boolean }): unknown;
}

interface PanningCanvas {
  readonly tokens?: { readonly placeables: readonly TokenLike[] } | null;
  animatePan(view: { x: number; y: number }): unknown;
}

/** One of `values`, or null for "all" (an empty or unknown choice). */
function oneOf<V extends string>(values: readonly V[], value: unknown): V | null {
  const text = formText(value);
  return (values as readonly string[]).includes(text) ? (text as V) : null;
}

/** The form's filters; an HQ the world does not hold, or a user who is no umpire, is read as all. */
export function readFilter(values: FormValues, world: Pick<DashboardWorld, "field" | "umpires">): TheatreFilter {
  const hq = formText(values["hq"]);
  const umpire = formText(values["sector"]);
  const sector = umpire === "" ? null : sectorOf(world.umpires, umpire);
  return {
    side: oneOf(SIDES, values["side"]),
    hq: world.field.hqs.some((h) => h.id === hq) ? hq : null,
    sector: sector === null ? null : { umpire, sector },
    kind: oneOf(THEATRE_KINDS, values["kind"]),
    state: oneOf(THEATRE_STATES, values["state"]),
    text: formText(values["text"]).slice(0, 100),
  };
}

const MIME: Record<TheatreFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The whole theatre saved as a file (a GM's window only), written by the import's exporter (./exporter.ts). */
async function saveTheatre(format: TheatreFormat, world: DashboardWorld): Promise<void> {
  const write = theatreExporter();
  if (!world.isGM || write === null) return;
  saveFile(await write(format, localize("NOBC.Theatre.SheetName")), MIME[format], exportName(format));
}

/** The file's name: the world's id and the day, so exports of a game sort by date. */
function exportName(ending: string): string {
  const world = (game as unknown as { world?: { id?: string } }).world?.id ?? "world";
  return `${world}-theatre-${new Date().toISOString().slice(0, 10)}.${ending}`;
}

/** Pans the viewed scene to the actor's first token and selects it; says so when it has none there. */
export function panTo(uuid: string): void {
  const board = viewedCanvas() as unknown as PanningCanvas | undefined;
  const token = board?.tokens?.placeables.find((t) => t.actor?.uuid === uuid);
  if (board === undefined || token === undefined) {
    notify("warn", "NOBC.Theatre.NoToken", { name: documentAt(uuid)?.name ?? uuid });
    return;
  }
  token.control?.({ releaseOthers: true });
  void board.animatePan({ x: token.center.x, y: token.center.y });
}

export const dashboardController: DialogController<DashboardState, DashboardWorld> = {
  template: "apps/control/dashboard.hbs",
  title: "NOBC.Theatre.Title",
  icon: "fa-solid fa-table-list",
  classes: ["nobc", "nobc-theatre"],
  width: 1100,
  // The window posts nothing: it shows the theatre and exports it.
  submitAction: "noSubmit",
  read: (user) => ({
    isGM: user === undefined ? isGM() : user.isGM,
    field: readBattlefield(),
    umpires: readUmpires(),
    names: new Map(usersOfWorld().map((u) => [u.id, u.name ?? u.id])),
  }),
  open: () => opened({ filter: NO_FILTER, sort: { key: "name", descending: false } }),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.Theatre.GmOnly"),
  context: (state, world, i18n) => dashboardContext(theatreRows(world.field), state, i18n, sectorChoices(world)),
  change: (state, values, world) => ({ ...state, filter: readFilter(values, world) }),
  actions: {
    sort(state, _world, target) {
      const key = oneOf<SortKey>(SORT_KEYS, target.dataset["key"]);
      if (key === null) return state;
      // The sorted column again turns the order round.
      return { ...state, sort: { key, descending: state.sort.key === key ? !state.sort.descending : false } };
    },
    clear: (state) => ({ ...state, filter: NO_FILTER }),
    // The window reads the world on every render; this renders it again after play moved on.
    refresh: (state) => state,
    openSheet(state, _world, target) {
      const doc = documentAt(target.dataset["id"] ?? "") as { sheet?: { render(options: { force: boolean }): unknown } | null } | undefined;
      void doc?.sheet?.render({ force: true });
      return state;
    },
    pan(state, _world, target) {
      panTo(target.dataset["id"] ?? "");
      return state;
    },
    async exportCsv(state, world) {
      await saveTheatre("csv", world);
      return state;
    },
    async exportXlsx(state, world) {
      await saveTheatre("xlsx", world);
      return state;
    },
  },
  submit: () => refused([]),
};
