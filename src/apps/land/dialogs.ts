/**
 * The Land War phase dialogs (loaded on first use): Orders, rear-area attack, bridge demolition,
 * resupply and HQ recovery. Each is a thin ApplicationV2 shell over a pure controller: the form
 * updates the state, the context shows the rules' breakdown or every refusal, and Post rolls (when
 * the phase rolls) and posts a resolution card whose Apply goes through the active GM.
 */
import type { ActorRef } from "../../rules/ids";
import type { Side } from "../../rules/nobc/land/types";
import type { Checked } from "../../rules/resolution";
import { postResolution, type PostResolutionInput } from "../../chat/resolution-card";
import { onceHolder, readLedger } from "../../queries/ledger";
import { templatePath } from "../../view/paths";
import { recordingDice } from "../base/dice";
import { hqAccess, hqById, hqsFor, sideAccess, sidesFor, type Access, type LandWorld } from "./world";
import type { Translator } from "./view";
import { initialOrders, ordersContext, ordersFromForm, ordersInputs, ordersResolution, type OrdersState } from "./orders";
import {
  initialResupply,
  recoveryContext,
  recoveryFromForm,
  recoveryInputs,
  recoveryResolution,
  resupplyContext,
  resupplyFromForm,
  resupplyInputs,
  resupplyResolution,
  type RecoveryState,
  type ResupplyState,
} from "./resupply";
import { initialRearArea, rearAreaContext, rearAreaFromForm, rearAreaInputs, rearAreaResolution, resultText, type RearAreaState } from "./rear-area";
import { demolitionContext, demolitionFromForm, demolitionInputs, demolitionResolution, initialDemolition, type DemolitionState } from "./demolition";
import { readLandWorld, translator, warnKey, warnReasons } from "./foundry";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type Post = PostResolutionInput<unknown>;

/**
 * An HQ gives orders, hands out supply and recovers once a turn: the card's once-only key, so the
 * GM applies one such card per HQ and turn. Without a turn on the tracker there is nothing to key.
 */
export function oncePerTurn(kind: "orders" | "resupply" | "recovery", hq: string, turn: number | null): { once?: string } {
  return turn === null ? {} : { once: `${kind}:${hq}:${turn}` };
}

/** What a dialog does, without Foundry: its context, its form, who may use it, and the card to post. */
export interface PhaseController {
  context(world: LandWorld, i18n: Translator): object;
  read(world: LandWorld, data: Readonly<Record<string, unknown>>): void;
  access(world: LandWorld): Access;
  /** The card to post, rolled now when the phase rolls; or every refusal. */
  resolve(world: LandWorld, i18n: Translator): Checked<Post>;
}

export class OrdersController implements PhaseController {
  constructor(public state: OrdersState) {}
  context(world: LandWorld, i18n: Translator): object {
    return ordersContext(world, this.state, i18n);
  }
  read(world: LandWorld, data: Readonly<Record<string, unknown>>): void {
    this.state = ordersFromForm(world.field, this.state, data);
  }
  access(world: LandWorld): Access {
    return hqAccess(world, this.state.hq);
  }
  resolve(world: LandWorld, i18n: Translator): Checked<Post> {
    const checked = ordersResolution(world.field, this.state, i18n);
    if (!checked.ok) return checked;
    const hq = hqById(world.field, this.state.hq)?.name ?? this.state.hq;
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Land.Orders.CardTitle", { hq }),
        resolution: checked.value,
        outcome: i18n.format("NOBC.Land.Orders.Outcome", { sp: String(checked.value.outcome.supplySpent), mines: String(checked.value.outcome.minefields.length) }),
        inputs: ordersInputs(world.field, this.state, i18n),
        ...oncePerTurn("orders", this.state.hq, world.turn),
      },
    };
  }
}

export class ResupplyController implements PhaseController {
  constructor(public state: ResupplyState) {}
  context(world: LandWorld, i18n: Translator): object {
    return resupplyContext(world, this.state, i18n);
  }
  read(_world: LandWorld, data: Readonly<Record<string, unknown>>): void {
    this.state = resupplyFromForm(this.state, data);
  }
  access(world: LandWorld): Access {
    return hqAccess(world, this.state.hq);
  }
  resolve(world: LandWorld, i18n: Translator): Checked<Post> {
    const checked = resupplyResolution(world.field, this.state, i18n);
    if (!checked.ok) return checked;
    const hq = hqById(world.field, this.state.hq)?.name ?? this.state.hq;
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Land.Resupply.CardTitle", { hq }),
        resolution: checked.value,
        outcome: i18n.format("NOBC.Land.Resupply.Outcome", { used: String(checked.value.outcome.countersUsed), left: String(checked.value.outcome.countersLeft) }),
        inputs: resupplyInputs(world.field, this.state, i18n),
        ...oncePerTurn("resupply", this.state.hq, world.turn),
      },
    };
  }
}

export class RecoveryController implements PhaseController {
  constructor(public state: RecoveryState) {}
  context(world: LandWorld, i18n: Translator): object {
    return recoveryContext(world, this.state, i18n);
  }
  read(_world: LandWorld, data: Readonly<Record<string, unknown>>): void {
    this.state = recoveryFromForm(this.state, data);
  }
  access(world: LandWorld): Access {
    return hqAccess(world, this.state.hq);
  }
  resolve(world: LandWorld, i18n: Translator): Checked<Post> {
    const checked = recoveryResolution(world.field, this.state, i18n);
    if (!checked.ok) return checked;
    const hq = hqById(world.field, this.state.hq)?.name ?? this.state.hq;
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Land.Recovery.CardTitle", { hq }),
        resolution: checked.value,
        outcome: i18n.format("NOBC.Land.Recovery.Outcome", { gained: String(checked.value.outcome.gained), level: String(checked.value.outcome.newLevel) }),
        inputs: recoveryInputs(world.field, this.state, i18n),
        ...oncePerTurn("recovery", this.state.hq, world.turn),
      },
    };
  }
}

export class RearAreaController implements PhaseController {
  constructor(public state: RearAreaState) {}
  context(world: LandWorld, i18n: Translator): object {
    return rearAreaContext(world, this.state, i18n);
  }
  read(_world: LandWorld, data: Readonly<Record<string, unknown>>): void {
    this.state = rearAreaFromForm(this.state, data);
  }
  access(world: LandWorld): Access {
    return sideAccess(world, this.state.side);
  }
  resolve(world: LandWorld, i18n: Translator): Checked<Post> {
    const checked = rearAreaResolution(world, this.state, recordingDice(), i18n);
    if (!checked.ok) return checked;
    const target = world.field.names.get(this.state.target) ?? this.state.target;
    const kind = hqById(world.field, this.state.target) === undefined ? "unit" : "hq";
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Land.Rear.CardTitle", { target }),
        resolution: checked.value,
        outcome: `${i18n.format("NOBC.Land.Rear.Score", { score: String(checked.value.outcome.score) })} ${resultText(checked.value.outcome, kind, i18n)}`,
        inputs: rearAreaInputs(world, this.state, i18n),
      },
    };
  }
}

export class DemolitionController implements PhaseController {
  constructor(public state: DemolitionState) {}
  context(world: LandWorld, i18n: Translator): object {
    return demolitionContext(world, this.state, i18n);
  }
  read(world: LandWorld, data: Readonly<Record<string, unknown>>): void {
    this.state = demolitionFromForm(world, this.state, data);
  }
  access(world: LandWorld): Access {
    return sideAccess(world, this.state.means === "wpDivisions" ? "wp" : this.state.means === "natoEngineers" ? "nato" : (sidesFor(world)[0] ?? "nato"));
  }
  resolve(world: LandWorld, i18n: Translator): Checked<Post> {
    const inputs = demolitionInputs(world, this.state, i18n);
    const checked = demolitionResolution(world, this.state, recordingDice(), i18n);
    if (!checked.ok) return checked;
    return {
      ok: true,
      value: {
        title: i18n.localize("NOBC.Land.Demolition.CardTitle"),
        resolution: checked.value,
        outcome: i18n.format("NOBC.Land.Demolition.Outcome", { count: String(checked.value.outcome.total), tried: String(checked.value.outcome.attempts.length) }),
        inputs,
      },
    };
  }
}

/** One dialog shell for every phase; the subclasses name the template and the window title. */
export class LandPhaseDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["nobc", "nobc-land"],
    window: { icon: "fa-solid fa-flag", resizable: true },
    position: { width: 680, height: "auto" as const },
    form: { handler: LandPhaseDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { post: LandPhaseDialog.#onPost },
  };

  readonly controller: PhaseController;

  constructor(controller: PhaseController, options: Record<string, unknown> = {}) {
    super(options as never);
    this.controller = controller;
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    return Object.assign(await super._prepareContext(options), this.controller.context(readLandWorld(), translator()));
  }

  /** Reads the form's flat values into the state and shows the new preview. */
  async update(data: Readonly<Record<string, unknown>>): Promise<void> {
    this.controller.read(readLandWorld(), data);
    await this.render();
  }

  /**
   * Posts the card: refused (access or rules) → a warning with every reason and nothing posted;
   * otherwise the card, pending until someone applies it, and the dialog closes.
   */
  async post(): Promise<unknown> {
    const world = readLandWorld();
    const access = this.controller.access(world);
    if (!access.ok) {
      warnKey(access.reason, access.data);
      return null;
    }
    const checked = this.controller.resolve(world, translator());
    if (!checked.ok) {
      warnReasons(checked.refusals.map((r) => r.message));
      return null;
    }
    // Said now rather than at Apply: this HQ has done it this turn (undo that card to redo it).
    const { once } = checked.value;
    if (once !== undefined && onceHolder(readLedger(), once) !== undefined) {
      warnKey("NOBC.Chat.Refused.onceOnly");
      return null;
    }
    const message = await postResolution(checked.value);
    await this.close();
    return message;
  }

  static async #onChange(this: LandPhaseDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    await this.update(formData.object);
  }

  static async #onPost(this: LandPhaseDialog): Promise<void> {
    await this.post();
  }
}

const part = (file: string) => ({ body: { template: templatePath(`apps/land/${file}`), scrollable: [""] } });

export class OrdersDialog extends LandPhaseDialog {
  static override PARTS = part("orders.hbs");
}
export class ResupplyDialog extends LandPhaseDialog {
  static override PARTS = part("resupply.hbs");
}
export class RecoveryDialog extends LandPhaseDialog {
  static override PARTS = part("recovery.hbs");
}
export class RearAreaDialog extends LandPhaseDialog {
  static override PARTS = part("rear-area.hbs");
}
export class DemolitionDialog extends LandPhaseDialog {
  static override PARTS = part("demolition.hbs");
}

function windowOptions(title: string, icon: string): Record<string, unknown> {
  return { window: { title: translator().localize(title), icon } };
}

async function show<D extends LandPhaseDialog>(dialog: D): Promise<D> {
  await dialog.render({ force: true });
  return dialog;
}

/** The HQ to open for: the one asked for if the user may act for it, else the first they may. */
function hqFor(world: LandWorld, hq: ActorRef | undefined): ActorRef | null {
  if (hq !== undefined) {
    const access = hqAccess(world, hq);
    if (!access.ok) {
      warnKey(access.reason, access.data);
      return null;
    }
    return hq;
  }
  const first = hqsFor(world)[0];
  if (first === undefined) warnKey("NOBC.Land.Refused.noHq");
  return first?.id ?? null;
}

export async function openOrdersDialog(hq?: ActorRef): Promise<OrdersDialog | null> {
  const world = readLandWorld();
  const id = hqFor(world, hq);
  if (id === null) return null;
  return show(new OrdersDialog(new OrdersController(initialOrders(world.field, id)), windowOptions("NOBC.Land.Orders.Title", "fa-solid fa-flag")));
}

export async function openResupplyDialog(hq?: ActorRef): Promise<ResupplyDialog | null> {
  const id = hqFor(readLandWorld(), hq);
  if (id === null) return null;
  return show(new ResupplyDialog(new ResupplyController(initialResupply(id)), windowOptions("NOBC.Land.Resupply.Title", "fa-solid fa-truck")));
}

export async function openRecoveryDialog(hq?: ActorRef): Promise<RecoveryDialog | null> {
  const id = hqFor(readLandWorld(), hq);
  if (id === null) return null;
  return show(new RecoveryDialog(new RecoveryController({ hq: id, cards: [] }), windowOptions("NOBC.Land.Recovery.Title", "fa-solid fa-kit-medical")));
}

export async function openRearAreaDialog(target?: ActorRef, side?: Side): Promise<RearAreaDialog | null> {
  const world = readLandWorld();
  const victim = target === undefined ? undefined : (hqById(world.field, target) ?? world.field.units.find((u) => u.id === target));
  // The attacker is the side opposite the target, else the one asked for, else the user's first.
  const attacker = victim !== undefined ? (victim.side === "nato" ? "wp" : "nato") : (side ?? sidesFor(world)[0]);
  if (attacker === undefined) {
    warnKey("NOBC.Land.Refused.noHq");
    return null;
  }
  const access = sideAccess(world, attacker);
  if (!access.ok) {
    warnKey(access.reason, access.data);
    return null;
  }
  return show(new RearAreaDialog(new RearAreaController(initialRearArea(attacker, target ?? "")), windowOptions("NOBC.Land.Rear.Title", "fa-solid fa-bomb")));
}

export async function openDemolitionDialog(hq?: ActorRef): Promise<DemolitionDialog | null> {
  const world = readLandWorld();
  if (hq !== undefined) {
    const chosen = hqById(world.field, hq);
    const access = chosen === undefined ? hqAccess(world, hq) : sideAccess(world, chosen.side);
    if (!access.ok) {
      warnKey(access.reason, access.data);
      return null;
    }
  } else if (sidesFor(world).length === 0) {
    warnKey("NOBC.Land.Refused.noHq");
    return null;
  }
  return show(new DemolitionDialog(new DemolitionController(initialDemolition(world, hq)), windowOptions("NOBC.Land.Demolition.Title", "fa-solid fa-bridge-circle-xmark")));
}
