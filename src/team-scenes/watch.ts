/**
 * The team scenes kept in step with their master scene (issue #30 item 3), and each player put on
 * their side's scene.
 *
 * - On the active GM's client: a token of a master scene created, moved, resized, hidden, renamed or
 *   deleted (a card, a retreat, an elimination, the GM's hand), or the master scene's knowledge or map
 *   state flag written, redraws that master's team scenes (./sync.ts: only what differs). A team scene's own
 *   token changed by anyone but the sync (a GM's hand) is drawn back from the master as well. Many
 *   writes of one task are drawn once, after the last; draws run one after another.
 * - On a player's client: drawing a master scene or the other side's team scene views the player's
 *   own side's team scene of that master instead (Foundry puts a reloading player on the active
 *   scene; `Scene#pullUsers` reaches only those connected when the GM runs the command).
 *
 * Nothing of this runs at an open table: the setting is read first.
 */
import { SYSTEM_ID } from "../base/constants";
import { plainKey } from "../base/compat";
import { hiddenInformation } from "../base/settings";
import { KNOWLEDGE_FLAG } from "../schemas/knowledge";
import { MAP_STATE_FLAG } from "../map/map-state";
import { TEAM_SYNC, teamSceneOf, teamScenesOf } from "../schemas/team-scene";
import { userSides } from "../teams/read";

interface SceneLike {
  readonly id: string | null;
  getFlag(scope: string, key: string): unknown;
  view?(): Promise<unknown>;
}

interface TokenLike {
  readonly parent?: SceneLike | null;
}

/** The master scene's flags a team scene draws from: what each side knows, and the minefields and contamination it may find. */
const DRAWN_FLAGS = [KNOWLEDGE_FLAG, MAP_STATE_FLAG];

/** The token fields a team scene draws from: a change of anything else redraws nothing. */
const DRAWN = ["x", "y", "width", "height", "hidden", "name", "texture", "actorId"];

const activeGM = (): boolean =>
  (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;

const waiting = new Set<string>();
let chain: Promise<void> = Promise.resolve();
let scheduled = false;

function schedule(masterId: string): void {
  waiting.add(masterId);
  if (scheduled) return;
  scheduled = true;
  chain = chain.then(async () => {
    // Taken once the writes of the same task have landed: one draw per master, however many tokens came.
    await Promise.resolve();
    scheduled = false;
    const masters = [...waiting];
    waiting.clear();
    for (const id of masters) {
      try {
        // The draw's code loads on the first change of a world with team scenes, not on init.
        await (await import("./sync")).syncTeamScenes(id);
      } catch (error) {
        console.error(`${SYSTEM_ID} | a team scene was not drawn again`, error);
      }
    }
  });
}

/** The master whose team scenes a change on `scene` redraws, or null (no team scenes, not ours to draw, an open table). */
function masterToDraw(scene: SceneLike | null | undefined, options: Record<string, unknown> | undefined): string | null {
  if (options?.[TEAM_SYNC] === true || hiddenInformation() !== "doubleBlind" || !activeGM()) return null;
  if (scene === null || scene === undefined || typeof scene.id !== "string") return null;
  const team = teamSceneOf(scene);
  if (team !== null) return team.master;
  return teamScenesOf(scene.id).size > 0 ? scene.id : null;
}

function onToken(token: TokenLike, options: Record<string, unknown> | undefined, changed?: Record<string, unknown>): void {
  if (changed !== undefined && !DRAWN.some((k) => k in changed)) return;
  const master = masterToDraw(token.parent, options);
  if (master !== null) schedule(master);
}

function onScene(
  scene: SceneLike,
  changed: { flags?: Record<string, Record<string, unknown> | undefined> },
  options: Record<string, unknown>,
): void {
  const flags = changed.flags?.[SYSTEM_ID];
  if (flags === undefined || !Object.keys(flags).some((k) => DRAWN_FLAGS.includes(plainKey(k)))) return;
  if (teamSceneOf(scene) !== null) return;
  const master = masterToDraw(scene, options);
  if (master !== null) schedule(master);
}

/** The draws under way, for tests: resolves once every draw asked for so far is written. */
export async function teamScenesSettled(): Promise<void> {
  for (let last: Promise<void> | null = null; last !== chain;) {
    last = chain;
    await chain;
  }
}

/** On a player's client: the scene to view in place of `viewed` (their side's team scene of its master), or null. */
export function landingFor(viewed: SceneLike | null | undefined): SceneLike | null {
  if (viewed === null || viewed === undefined || typeof viewed.id !== "string") return null;
  if ((game.user as unknown as { isGM?: boolean } | null)?.isGM === true || hiddenInformation() !== "doubleBlind") return null;
  const sides = userSides();
  if (sides.length !== 1) return null;
  const side = sides[0]!;
  const team = teamSceneOf(viewed);
  if (team?.side === side) return null;
  const own = teamScenesOf<SceneLike>(team?.master ?? viewed.id).get(side);
  return own === undefined || own === viewed ? null : own;
}

/** On init: the GM's redraws, and a player's landing on their side's scene. */
export function registerTeamSceneWatch(): void {
  Hooks.on("createToken", ((token: TokenLike, options: Record<string, unknown>) => onToken(token, options)) as never);
  Hooks.on("updateToken", ((token: TokenLike, changed: Record<string, unknown>, options: Record<string, unknown>) =>
    onToken(token, options, changed)) as never);
  Hooks.on("deleteToken", ((token: TokenLike, options: Record<string, unknown>) => onToken(token, options)) as never);
  Hooks.on("updateScene", onScene as never);
  Hooks.on("canvasReady", ((board: { scene?: SceneLike | null }) => {
    const own = landingFor(board.scene);
    if (own !== null) void own.view?.();
  }) as never);
}
