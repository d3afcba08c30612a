/**
 * What a sound order of battle creates: folders (one root, one per HQ nested as the HQs are, one
 * per formation inside its HQ, one per airbase), then actors with HQs first, then the links
 * between actors, which can only be written once Foundry has given the actors their UUIDs.
 */
import type { Side } from "../rules/nobc/land/types";
import type { RowType } from "./columns";
import type { OrbatEntry } from "./rows";
import { nameKey } from "./validate";

/** Foundry nests folders at most this deep (CONST.FOLDER_MAX_DEPTH in v13). */
export const FOLDER_MAX_DEPTH = 4;

export interface FolderData {
  readonly _id: string;
  readonly name: string;
  readonly type: "Actor";
  /** Id of the parent folder, created earlier in the same list, or null at the top. */
  readonly folder: string | null;
  readonly sorting: "m";
  readonly sort: number;
}

export interface ActorData {
  readonly name: string;
  readonly type: RowType;
  readonly system: OrbatEntry["system"];
  readonly folder: string;
  readonly sort: number;
}

export type LinkField = "system.hq" | "system.parent" | "system.airbase";

/** Set `field` of actor `from` to the UUID of actor `to` (indices into `actors`). */
export interface Link {
  readonly from: number;
  readonly to: number;
  readonly field: LinkField;
}

export interface OrbatPlan {
  readonly folders: FolderData[];
  readonly actors: ActorData[];
  readonly links: Link[];
}

export interface PlanOptions {
  /** A fresh 16-character document id (Foundry: `foundry.utils.randomID`). */
  readonly newId: () => string;
  /** Name of the folder everything goes in. */
  readonly rootFolder: string;
}

const LINK_FIELD: Record<RowType, LinkField | null> = {
  unit: "system.hq",
  hq: "system.parent",
  airSquadron: "system.airbase",
  airbase: null,
};
const TYPE_ORDER: Record<RowType, number> = { hq: 0, airbase: 1, unit: 2, airSquadron: 3 };

/** HQs with every parent before its children, otherwise in file order. */
function hqsTopDown(hqs: readonly OrbatEntry[], byKey: ReadonlyMap<string, OrbatEntry>): OrbatEntry[] {
  const out: OrbatEntry[] = [];
  const placed = new Set<OrbatEntry>();
  const place = (hq: OrbatEntry) => {
    if (placed.has(hq)) return;
    placed.add(hq);
    const parent = hq.parent === null ? undefined : byKey.get(nameKey(hq.parent));
    if (parent !== undefined) place(parent);
    out.push(hq);
  };
  hqs.forEach(place);
  return out;
}

export function planImport(entries: readonly OrbatEntry[], options: PlanOptions): OrbatPlan {
  const byKey = new Map(entries.map((e) => [nameKey(e.name), e]));
  const folders: FolderData[] = [];
  const depth = new Map<string, number>();
  const addFolder = (name: string, parent: string | null): string => {
    // Past Foundry's depth limit a folder goes beside its would-be parent instead.
    let under = parent;
    while (under !== null && (depth.get(under) ?? 0) >= FOLDER_MAX_DEPTH) under = folders.find((f) => f._id === under)?.folder ?? null;
    const _id = options.newId();
    folders.push({ _id, name, type: "Actor", folder: under, sorting: "m", sort: (folders.length + 1) * 100 });
    depth.set(_id, under === null ? 1 : depth.get(under)! + 1);
    return _id;
  };
  const root = addFolder(options.rootFolder, null);

  const hqs = hqsTopDown(
    entries.filter((e) => e.type === "hq"),
    byKey,
  );
  const hqFolder = new Map<OrbatEntry, string>();
  for (const hq of hqs) {
    const parent = hq.parent === null ? undefined : byKey.get(nameKey(hq.parent));
    hqFolder.set(hq, addFolder(hq.name, parent === undefined ? root : hqFolder.get(parent)!));
  }
  const baseFolder = new Map<OrbatEntry, string>();
  for (const base of entries.filter((e) => e.type === "airbase")) baseFolder.set(base, addFolder(base.name, root));
  const formationFolder = new Map<string, string>();

  const folderOf = (e: OrbatEntry): string => {
    const parent = e.parent === null ? undefined : byKey.get(nameKey(e.parent));
    if (e.type === "hq") return hqFolder.get(e)!;
    if (e.type === "airbase") return baseFolder.get(e)!;
    const home = parent === undefined ? root : (hqFolder.get(parent) ?? baseFolder.get(parent) ?? root);
    if (e.formation === null) return home;
    const key = `${home}/${nameKey(e.formation)}`;
    let id = formationFolder.get(key);
    if (id === undefined) {
      id = addFolder(e.formation, home);
      formationFolder.set(key, id);
    }
    return id;
  };

  const ordered = [...hqs, ...entries.filter((e) => e.type !== "hq").sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type])];
  const index = new Map(ordered.map((e, i) => [e, i]));
  const actors: ActorData[] = ordered.map((e, i) => ({
    name: e.name,
    type: e.type,
    system: withZone(e, byKey),
    folder: folderOf(e),
    sort: (i + 1) * 100,
  }));
  const links: Link[] = [];
  ordered.forEach((e, from) => {
    const field = LINK_FIELD[e.type];
    const target = e.parent === null ? undefined : byKey.get(nameKey(e.parent));
    if (field !== null && target !== undefined) links.push({ from, to: index.get(target)!, field });
  });
  return { folders, actors, links };
}

/** A squadron left without an air zone takes its airbase's. */
function withZone(e: OrbatEntry, byKey: ReadonlyMap<string, OrbatEntry>): OrbatEntry["system"] {
  if (e.type !== "airSquadron" || e.system.airZone !== "" || e.parent === null) return e.system;
  const base = byKey.get(nameKey(e.parent));
  return base?.type === "airbase" ? { ...e.system, airZone: base.system.airZone } : e.system;
}

export type OrbatSummary = Record<RowType, Record<Side, number>>;

/** How many of each type each side has. */
export function summarise(entries: readonly OrbatEntry[]): OrbatSummary {
  const zero = () => ({ nato: 0, wp: 0 });
  const out: OrbatSummary = { hq: zero(), unit: zero(), airbase: zero(), airSquadron: zero() };
  for (const e of entries) out[e.type][e.side]++;
  return out;
}
