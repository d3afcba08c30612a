/**
 * The Umpires window (GM only; issue #31, item 1): which of the world's GMs and Assistant GMs are
 * Control's umpires and each one's sector (wars, HQs with those under them, areas of the map).
 * Opened from Configure Settings; Save writes the `umpires` world setting once, checked with its
 * schema. A player is refused when it opens and again at Save.
 */
import { SYSTEM_ID } from "../../base/constants";
import { currentUser, isGM, notify, worldActors, type AskingUser } from "../../base/foundry";
import type { Translator } from "../../view/breakdown";
import { usersOfWorld } from "../../teams/read";
import { readUmpires, UMPIRES_SETTING } from "../../teams/umpires-read";
import { WARS } from "../../teams/umpires";
import { allFormValues, gmOnly, opened, refused, type DialogController } from "../base/controller";
import { umpiresFromForm, umpiresState, umpiresToSave, type UmpiresState, type UmpiresWorld } from "./umpires-state";

interface HqActor {
  readonly uuid: string;
  readonly name: string | null;
  readonly type: string;
}

export function readUmpiresWorld(user?: AskingUser): UmpiresWorld {
  return {
    isGM: isGM(user ?? currentUser()),
    gms: usersOfWorld()
      .filter((u) => u.isGM === true)
      .map((u) => ({ id: u.id, name: u.name ?? u.id })),
    hqs: worldActors<HqActor>()
      .filter((a) => a.type === "hq")
      .map((a) => ({ uuid: a.uuid, name: a.name ?? a.uuid })),
    umpires: readUmpires(),
  };
}

const WAR_LABEL = { air: "NOBC.Turn.War.air", land: "NOBC.Turn.War.land" } as const;

export function umpiresContext(state: UmpiresState, world: UmpiresWorld, i18n: Translator) {
  const names = new Map(world.gms.map((g) => [g.id, g.name]));
  return {
    hasGms: state.rows.length > 0,
    rows: state.rows.map((row) => {
      const name = names.get(row.user) ?? row.user;
      return {
        user: row.user,
        name,
        umpire: row.umpire,
        umpireLabel: i18n.format("NOBC.Umpires.IsUmpire", { user: name }),
        areasLabel: i18n.format("NOBC.Umpires.AreasOf", { user: name }),
        wars: WARS.map((w) => ({ value: w, label: i18n.localize(WAR_LABEL[w]), checked: row.wars.includes(w) })),
        hqs: world.hqs.map((h) => ({ uuid: h.uuid, name: h.name, checked: row.hqs.includes(h.uuid) })),
        areas: row.areas,
      };
    }),
  };
}

export const umpiresController: DialogController<UmpiresState, UmpiresWorld> = {
  template: "apps/control/umpires.hbs",
  title: "NOBC.Umpires.Title",
  icon: "fa-solid fa-user-tie",
  classes: ["nobc", "nobc-umpires"],
  width: 720,
  submitAction: "save",
  failed: "NOBC.Umpires.Failed",
  read: (user) => readUmpiresWorld(user),
  open: (world) => opened(umpiresState(world)),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.Umpires.GmOnly"),
  context: (state, world, i18n) => umpiresContext(state, world, i18n),
  change: (state, values, world) => umpiresFromForm(state, values, world),
  readForm: (form) => allFormValues(form),
  submit(state, _world, i18n) {
    const checked = umpiresToSave(state);
    if (!checked.ok) return refused([i18n.format(checked.key, { area: checked.bad ?? "" })]);
    return {
      ok: true,
      value: {
        run: async () => {
          await game.settings?.set(SYSTEM_ID, UMPIRES_SETTING, checked.umpires);
          notify("info", "NOBC.Umpires.Saved");
          return { ok: true, value: checked.umpires };
        },
      },
    };
  },
};
