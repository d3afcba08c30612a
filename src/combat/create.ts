/**
 * Making the game's turn tracker: one Combat of type `nobcTurn` whose combatants are the HQs. The
 * GM's button in the tracker and `game.nobc.createTurnCombat()` call this; a second tracker is
 * refused. HQs created later are added with `addNewHqs` (one batch, none twice).
 */
import { TURN_COMBAT_TYPE } from "./turn-type";
import { notify } from "../base/foundry";

/** What a combatant row needs of an HQ actor. */
export interface HqActorRef {
  readonly id: string | null;
  readonly type: string;
}

/** A token of the viewed scene. */
export interface SceneToken {
  readonly id: string | null;
  readonly actorId: string | null;
}

export interface ViewedScene {
  readonly id: string;
  readonly tokens: readonly SceneToken[];
}

/** The data of one Combatant: the HQ, and its token when it has one on the viewed scene. */
export interface CombatantRow {
  readonly actorId: string;
  readonly tokenId?: string;
  readonly sceneId?: string;
}

/** One row per HQ actor not already in the combat (`present`: actor ids), in the actors' order. */
export function combatantRows(actors: readonly HqActorRef[], present: ReadonlySet<string>, scene: ViewedScene | null): CombatantRow[] {
  const rows: CombatantRow[] = [];
  const wanted = new Set<string>();
  for (const actor of actors) if (actor.type === "hq" && actor.id !== null && !present.has(actor.id)) wanted.add(actor.id);
  // Each wanted HQ's first token with an id, found in one pass over the scene's tokens (not one search per HQ).
  const firstToken = new Map<string, string>();
  for (const t of wanted.size === 0 ? [] : (scene?.tokens ?? [])) {
    if (t.actorId === null || t.id === null || !wanted.has(t.actorId) || firstToken.has(t.actorId)) continue;
    firstToken.set(t.actorId, t.id);
    if (firstToken.size === wanted.size) break;
  }
  const seen = new Set(present);
  for (const actor of actors) {
    if (actor.type !== "hq" || actor.id === null || seen.has(actor.id)) continue;
    seen.add(actor.id);
    const tokenId = firstToken.get(actor.id);
    rows.push(scene !== null && tokenId !== undefined ? { actorId: actor.id, tokenId, sceneId: scene.id } : { actorId: actor.id });
  }
  return rows;
}

/** The members of a Combat this module reads. */
export interface CombatDoc {
  readonly type: string;
  readonly combatants: Iterable<{ readonly actorId: string | null }>;
  createEmbeddedDocuments(name: "Combatant", data: object[]): Promise<unknown>;
}

/** The game's turn tracker, if there is one. */
export function findTurnCombat<C extends { readonly type: string }>(combats: Iterable<C>): C | undefined {
  for (const c of combats) if (c.type === TURN_COMBAT_TYPE) return c;
  return undefined;
}

/** Why a turn tracker may not be made now (a lang key), or null. */
export function mayCreateTurnCombat(isGM: boolean, existing: unknown): string | null {
  if (!isGM) return "NOBC.Turn.Refused.createNotGM";
  if (existing !== undefined) return "NOBC.Turn.Refused.exists";
  return null;
}

export type CreateResult =
  { readonly ok: true; readonly combat: CombatDoc; readonly added: number } | { readonly ok: false; readonly reason: string };

/* ------------------------------------------------------------------------------------------ */
/* Foundry side                                                                                 */

interface GameView {
  readonly user?: { readonly isGM?: boolean };
  readonly actors?: Iterable<HqActorRef>;
  readonly combats?: Iterable<CombatDoc>;
}

function world(): GameView {
  return game as unknown as GameView;
}

function refused(reason: string): CreateResult {
  notify("warn", reason);
  return { ok: false, reason };
}

/** The viewed scene and its tokens, if a scene is on the canvas. */
export function viewedScene(): ViewedScene | null {
  const scene = (globalThis as { canvas?: { scene?: { id?: string | null; tokens?: Iterable<SceneToken> } | null } }).canvas?.scene;
  if (scene === undefined || scene === null || typeof scene.id !== "string") return null;
  return { id: scene.id, tokens: [...(scene.tokens ?? [])] };
}

function rowsFor(combat: { readonly combatants: Iterable<{ readonly actorId: string | null }> } | null): CombatantRow[] {
  const present = new Set<string>();
  for (const c of combat?.combatants ?? []) if (c.actorId !== null) present.add(c.actorId);
  return combatantRows([...(world().actors ?? [])], present, viewedScene());
}

/** The HQ actors of the world not yet in `combat`. */
export function newHqCount(combat: { readonly combatants: Iterable<{ readonly actorId: string | null }> }): number {
  return rowsFor(combat).length;
}

/**
 * Makes the game's turn tracker (GM only): a Combat of type `nobcTurn`, active and tied to no
 * scene, then every HQ as a combatant in one batch. Refused when one exists already.
 */
export async function createTurnCombat(): Promise<CreateResult> {
  const g = world();
  const denied = mayCreateTurnCombat(g.user?.isGM === true, findTurnCombat(g.combats ?? []));
  if (denied !== null) return refused(denied);
  // The configured Combat class (a module may replace the core one).
  const combatClass = (Combat as unknown as { implementation: { create(data: object): Promise<CombatDoc | undefined> } }).implementation;
  const combat = await combatClass.create({ type: TURN_COMBAT_TYPE, active: true });
  if (combat === undefined) return refused("NOBC.Turn.Refused.notCreated");
  const rows = rowsFor(null);
  if (rows.length > 0) await combat.createEmbeddedDocuments("Combatant", [...rows]);
  return { ok: true, combat, added: rows.length };
}

/** Adds the HQs created since the tracker was made (GM only), in one batch; none twice. */
export async function addNewHqs(combat: CombatDoc): Promise<CreateResult> {
  if (world().user?.isGM !== true) return refused("NOBC.Turn.Refused.createNotGM");
  if (combat.type !== TURN_COMBAT_TYPE) return refused("NOBC.Turn.Refused.notTurn");
  const rows = rowsFor(combat);
  if (rows.length === 0) {
    notify("info", "NOBC.Turn.NoNewHqs");
    return { ok: true, combat, added: 0 };
  }
  await combat.createEmbeddedDocuments("Combatant", [...rows]);
  return { ok: true, combat, added: rows.length };
}
