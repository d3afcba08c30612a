/**
 * What a sound order of battle creates: folders (one root, one per HQ nested as the HQs are, one
 * per formation inside its HQ, one per airbase), then actors with HQs first, then the links
 * between actors, which can only be written once Foundry has given the actors their UUIDs. A row
 * naming an actor the world already has updates it instead (./update.ts): it gets no folder and
 * no new actor, only the fields it changes; a file of nothing but unchanged rows plans nothing.
 */
import type { Side } from "../rules/nobc/land/types";
import type { RowType } from "./columns";
import type { OrbatEntry } from "./rows";
import type { FieldChange, WorldMatch } from "./update";
import type { WorldActorData } from "./fields";
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

/** An actor of the world, by id and UUID (and its name, for the dry run). */
export interface WorldRef {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
}

/** An actor a link joins: one the plan creates (its index into `actors`) or one the world has. */
export type LinkEnd = number | WorldRef;

/** Set `field` of actor `from` to the UUID of actor `to`. */
export interface Link {
  readonly from: LinkEnd;
  readonly to: LinkEnd;
  readonly field: LinkField;
}

/** An actor of the world that a row changes: the changes as cells (the dry run shows them) and the data written. */
export interface ActorUpdate extends WorldRef {
  readonly type: RowType;
  readonly line: number;
  readonly changes: readonly FieldChange[];
  readonly data: Readonly<Record<string, unknown>>;
}

export interface OrbatPlan {
  readonly folders: FolderData[];
  readonly actors: ActorData[];
  readonly links: Link[];
  /** Actors of the world whose fields change (those a row names unchanged are not listed). */
  readonly updates: ActorUpdate[];
}

export interface PlanOptions {
  /** A fresh 16-character document id (Foundry: `foundry.utils.randomID`). */
  readonly newId: () => string;
  /** Name of the folder everything goes in. */
  readonly rootFolder: string;
  /** The world's actors (their source data): a row naming one updates it (./update.ts). None: every row is created. */
  readonly world?: readonly WorldActorData[];
}

const LINK_FIELD: Record<RowType, LinkField | null> = {
  unit: "system.hq",
  hq: "system.parent",
  airSquadron: "system.airbase",
  airbase: null,
};
const TYPE_ORDER: Record<RowType, number> = { hq: 0, airbase: 1, unit: 2, airSquadron: 3 };

/** HQs with every parent before its children, otherwise in file order; those of the world (`skip`) are left out. */
function hqsTopDown(
  hqs: readonly OrbatEntry[],
  byKey: ReadonlyMap<string, OrbatEntry>,
  skip: ReadonlyMap<OrbatEntry, unknown>,
): OrbatEntry[] {
  const out: OrbatEntry[] = [];
  const placed = new Set<OrbatEntry>();
  const place = (hq: OrbatEntry) => {
    if (placed.has(hq) || skip.has(hq)) return;
    placed.add(hq);
    const parent = hq.parent === null ? undefined : byKey.get(nameKey(hq.parent));
    if (parent !== undefined) place(parent);
    out.push(hq);
  };
  hqs.forEach(place);
  return out;
}

/** The plan of `entries`; those in `matches` name actors of the world (./update.ts, `checkAgainstWorld`). */
export function planImport(
  entries: readonly OrbatEntry[],
  options: PlanOptions,
  matches: ReadonlyMap<OrbatEntry, WorldMatch> = new Map(),
): OrbatPlan {
  const byKey = new Map(entries.map((e) => [nameKey(e.name), e]));
  const fresh = entries.filter((e) => !matches.has(e));
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
  // Nothing new, no folder: an unchanged file changes nothing.
  const root = fresh.length === 0 ? "" : addFolder(options.rootFolder, null);

  const hqs = hqsTopDown(
    fresh.filter((e) => e.type === "hq"),
    byKey,
    matches,
  );
  const hqFolder = new Map<OrbatEntry, string>();
  for (const hq of hqs) {
    const parent = hq.parent === null ? undefined : byKey.get(nameKey(hq.parent));
    // Under an HQ of the world, a new HQ's folder goes in the root folder (the world's folders are the GM's).
    hqFolder.set(hq, addFolder(hq.name, parent === undefined ? root : (hqFolder.get(parent) ?? root)));
  }
  const baseFolder = new Map<OrbatEntry, string>();
  for (const base of fresh.filter((e) => e.type === "airbase")) baseFolder.set(base, addFolder(base.name, root));
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

  const ordered = [...hqs, ...fresh.filter((e) => e.type !== "hq").sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type])];
  const index = new Map(ordered.map((e, i) => [e, i]));
  const actors: ActorData[] = ordered.map((e, i) => ({
    name: e.name,
    type: e.type,
    system: withZone(e, byKey),
    folder: folderOf(e),
    sort: (i + 1) * 100,
  }));
  const end = (e: OrbatEntry): LinkEnd => {
    const world = matches.get(e)?.actor;
    return world === undefined ? index.get(e)! : { id: world.id, uuid: world.uuid, name: world.name };
  };
  const links: Link[] = [];
  const updates: ActorUpdate[] = [];
  for (const e of [...ordered, ...entries.filter((e) => matches.has(e))]) {
    const field = LINK_FIELD[e.type];
    const match = matches.get(e);
    // A row of the world links only when its parent changes.
    const parent = match === undefined ? e.parent : match.parent;
    const target = parent === null ? undefined : byKey.get(nameKey(parent));
    if (field !== null && target !== undefined) links.push({ from: end(e), to: end(target), field });
    if (match !== undefined && match.changes.length > 0) {
      const { id, uuid, name } = match.actor;
      updates.push({ id, uuid, name, type: e.type, line: e.line, changes: match.changes, data: match.data });
    }
  }
  return { folders, actors, links, updates };
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
