/**
 * The viewed scene's table of arrival points for scattered reserves (seed 002, Where Do Reserves
 * Arrive; the default is ours: docs/rules-decisions.md, "scattered reserves table"). Set-up, not
 * play: Save is the GM's own write of the scene's flag, checked whole before it is written (as the
 * Map terrain window writes terrain). The reserves roll reads it from then on.
 */
import { missions } from "../../../rules/index";
import { speak } from "../../../words/phrase";
import { SYSTEM_ID } from "../../../base/constants";
import { gmOnly, opened, refused, type DialogController } from "../../base/controller";
import { ARRIVAL_FLAG, arrivalTableSchema, readMissionWorld, type MissionWorld } from "../world";
import { z } from "zod";

/** Each arrival point by a short code: `edge:ownLong`, `corner:ownLeft`. */
const POINTS = [
  "edge:ownLong",
  "edge:enemyLong",
  "edge:leftShort",
  "edge:rightShort",
  "corner:ownLeft",
  "corner:ownRight",
  "corner:enemyLeft",
  "corner:enemyRight",
] as const;
type PointCode = (typeof POINTS)[number];

export interface ArrivalsState {
  readonly faces: readonly PointCode[];
}

const codeOf = (at: missions.ArrivalPoint): PointCode => (at.kind === "edge" ? `edge:${at.edge}` : `corner:${at.corner}`);
const pointOf = (code: PointCode): missions.ArrivalPoint => {
  const [kind, name] = code.split(":") as ["edge" | "corner", string];
  return kind === "edge" ? { kind, edge: name as missions.TableEdge } : { kind, corner: name as missions.TableCorner };
};

/** The table a state stands for, checked as the flag is. */
export function arrivalTableOfState(state: ArrivalsState): missions.ScatterTable | null {
  const parsed = arrivalTableSchema.safeParse(state.faces.map(pointOf));
  return parsed.success ? parsed.data : null;
}

export const arrivalsController: DialogController<ArrivalsState, MissionWorld> = {
  template: "apps/missions/arrivals.hbs",
  title: "NOBC.Mission.Arrivals.Title",
  icon: "fa-solid fa-arrows-to-dot",
  classes: ["nobc", "nobc-missions"],
  width: 460,
  submitAction: "save",
  read: readMissionWorld,
  stateSchema: z.object({ faces: z.array(z.enum(POINTS)).length(6) }).strict(),
  open: (world) => opened({ faces: (world.arrivals ?? missions.DEFAULT_SCATTER).map(codeOf) }),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => ({
    scene: world.sceneName ?? "",
    noScene: world.sceneName === null,
    own: world.arrivals !== null,
    faces: state.faces.map((code, i) => ({
      name: `face${i + 1}`,
      die: i + 1,
      options: POINTS.map((p) => ({ value: p, label: speak(missions.arrivalPhrase(pointOf(p)), i18n), selected: p === code })),
    })),
  }),
  change: (state, values) => ({
    faces: state.faces.map((code, i) => POINTS.find((p) => p === values[`face${i + 1}`]) ?? code),
  }),
  submit(state, world, i18n) {
    const table = arrivalTableOfState(state);
    const scene = (
      canvas as unknown as { scene?: { setFlag(scope: string, key: string, value: unknown): Promise<unknown> } | null } | undefined
    )?.scene;
    if (world.sceneName === null || scene === null || scene === undefined) return refused([i18n.localize("NOBC.Mission.Arrivals.NoScene")]);
    if (table === null) return refused([i18n.localize("NOBC.Mission.Arrivals.Bad")]);
    return {
      ok: true,
      value: {
        run: async () => {
          await scene.setFlag(SYSTEM_ID, ARRIVAL_FLAG, structuredClone(table));
          return { ok: true, value: table };
        },
      },
    };
  },
};
