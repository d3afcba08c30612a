/**
 * The Foundry shell of the Air War dialogs of steps 7–11: one ApplicationV2 form whose state,
 * context and roll come from a pure `MissionSpec`. Every form change re-reads the world and
 * re-renders the preview; Roll re-reads it again, asks the rules with `recordingDice()` and posts
 * the card (pending until someone applies it through the active GM). Loaded on first use.
 */
import type { Side } from "../../../rules/nobc/air/types";
import type { Checked } from "../../../rules/resolution";
import { recordingDice } from "../../base/dice";
import { postResolution } from "../../../chat/resolution-card";
import { templatePath } from "../../../view/paths";
import { readBattlefield } from "../../../world/read";
import type { WorldActor } from "../../../world/battlefield";
import { gmOnly, sideFor, type Access } from "./access";
import type { FormValues, MissionPost, MissionSpec, Translator } from "./spec";
import { airDefencePools, missionWorld, type MissionWorld } from "./world";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export function translator(): Translator {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

interface OwnableActor extends WorldActor {
  testUserPermission(user: unknown, level: "OWNER"): boolean;
}

/** The world as the dialogs read it, with what the current user owns. */
export function readMissionWorld(): MissionWorld {
  const user = game.user as { isGM?: boolean } | null | undefined;
  const isGM = user?.isGM === true;
  const actors = [...((game.actors ?? []) as unknown as Iterable<OwnableActor>)];
  const owned = new Set(actors.filter((a) => isGM || a.testUserPermission(user, "OWNER")).map((a) => a.uuid));
  return missionWorld(readBattlefield(), { airDefence: airDefencePools(actors), owned, isGM });
}

/** Warns with the reason (a lang key and its data); nothing changes. */
export function warnAccess(access: Extract<Access, { ok: false }>): void {
  const reason = translator().format(access.reason, access.data);
  ui.notifications?.warn(game.i18n?.format("NOBC.Notify.Refused", { reason }) ?? reason);
}

export function warnRefusals(messages: readonly string[]): void {
  const reason = messages.join(" ");
  ui.notifications?.warn(game.i18n?.format("NOBC.Notify.Refused", { reason }) ?? reason);
}

/** Whether this user may act in this dialog now (checked at open and again at the roll). */
export function accessFor(spec: MissionSpec<unknown>, world: MissionWorld, side?: Side): Access {
  return spec.who === "gm" ? gmOnly(world) : sideFor(world, spec.who, side);
}

/** Posts a card for a checked post, or warns with every refusal. True when posted. */
export async function postMission(checked: Checked<MissionPost>): Promise<boolean> {
  if (!checked.ok) {
    warnRefusals(checked.refusals.map((r) => r.message));
    return false;
  }
  const { title, resolution, outcome, inputs, hook } = checked.value;
  await postResolution({ title, resolution, outcome, inputs, hook });
  return true;
}

export class AirMissionDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["nobc", "nobc-air-missions"],
    window: { icon: "fa-solid fa-plane", resizable: true },
    position: { width: 640, height: "auto" as const },
    form: { handler: AirMissionDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { roll: AirMissionDialog.#onRoll },
  };

  readonly spec: MissionSpec<unknown>;
  mission: unknown;
  #busy = false;

  constructor(spec: MissionSpec<unknown>, state: unknown) {
    super({ id: `nobc-air-${spec.id}`, window: { title: spec.title } } as never);
    this.spec = spec;
    this.mission = state;
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    return Object.assign(await super._prepareContext(options), this.spec.context(this.mission, readMissionWorld(), translator()), { busy: this.#busy });
  }

  /** A form change: the state follows the form, the preview follows the state. */
  async change(form: FormValues): Promise<void> {
    this.mission = this.spec.read(this.mission, form, readMissionWorld());
    await this.render();
  }

  /** Rolls (the access and the rules checked again on fresh data), posts the card, closes. */
  async roll(): Promise<boolean> {
    if (this.#busy) return false;
    const world = readMissionWorld();
    const side = (this.mission as { side?: Side }).side;
    const access = accessFor(this.spec, world, side);
    if (!access.ok) {
      warnAccess(access);
      return false;
    }
    this.#busy = true;
    try {
      const posted = await postMission(this.spec.roll(this.mission, world, recordingDice(), translator()));
      if (posted) await this.close();
      return posted;
    } finally {
      this.#busy = false;
    }
  }

  static async #onChange(this: AirMissionDialog, _event: Event, _form: HTMLFormElement, formData: { object: FormValues }): Promise<void> {
    await this.change(formData.object);
  }

  static async #onRoll(this: AirMissionDialog): Promise<void> {
    await this.roll();
  }
}

const classes = new Map<string, typeof AirMissionDialog>();

/** One subclass per spec, so each has its own template part. */
function dialogClass(spec: MissionSpec<unknown>): typeof AirMissionDialog {
  const known = classes.get(spec.id);
  if (known !== undefined) return known;
  const cls = class extends AirMissionDialog {
    static override PARTS = { body: { template: templatePath(spec.template), scrollable: [""] } };
  };
  classes.set(spec.id, cls);
  return cls;
}

/** Opens a spec's dialog for this user (and side), or warns why not and returns null. */
export function openMission<S>(spec: MissionSpec<S>, side?: Side): AirMissionDialog | null {
  const world = readMissionWorld();
  const any = spec as MissionSpec<unknown>;
  const access = accessFor(any, world, side);
  if (!access.ok) {
    warnAccess(access);
    return null;
  }
  const Dialog = dialogClass(any);
  const dialog = new Dialog(any, spec.initial(world, access.side));
  void dialog.render({ force: true });
  return dialog;
}
