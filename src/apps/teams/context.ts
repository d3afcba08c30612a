/** The Teams window: state → template context (pure). */
import type { Translator } from "../../view/breakdown";
import { SIDES } from "../../teams/teams";
import type { TeamsState, TeamsWorld } from "./state";

export interface TeamsContext {
  readonly rows: readonly {
    readonly user: string;
    readonly name: string;
    readonly sideClass: string;
    readonly sides: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
    readonly hqs: readonly { readonly uuid: string; readonly name: string; readonly checked: boolean }[];
    readonly sideLabel: string;
  }[];
  readonly hasPlayers: boolean;
}

export function teamsContext(state: TeamsState, world: TeamsWorld, i18n: Translator): TeamsContext {
  const names = new Map(world.players.map((p) => [p.id, p.name]));
  return {
    hasPlayers: state.rows.length > 0,
    rows: state.rows.map((row) => ({
      user: row.user,
      name: names.get(row.user) ?? row.user,
      sideClass: row.side === "" ? "" : `side-${row.side}`,
      sideLabel: i18n.format("NOBC.Teams.SideOf", { user: names.get(row.user) ?? row.user }),
      sides: [
        { value: "", label: i18n.localize("NOBC.Teams.NoTeam"), selected: row.side === "" },
        ...SIDES.map((s) => ({ value: s, label: i18n.localize(`NOBC.Side.${s}`), selected: row.side === s })),
      ],
      hqs: world.hqs.filter((h) => h.side === row.side).map((h) => ({ uuid: h.uuid, name: h.name, checked: row.hqs.includes(h.uuid) })),
    })),
  };
}
