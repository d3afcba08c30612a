/**
 * The five sheets. Each builds its context with the pure builder of ./context (so the gallery and
 * tests see what the sheet sees), on top of what Foundry's own sheet puts in the context.
 */
import { airbaseSheetContext, airSquadronSheetContext } from "./context/air";
import { hqSheetContext } from "./context/hq";
import { supportCardSheetContext } from "./context/support-card";
import { unitSheetContext } from "./context/unit";
import { nqmUnitSheetContext } from "./context/nqm-unit";
import type {
  AirbaseSystemView,
  AirSquadronSystemView,
  HqSystemView,
  NqmUnitSystemView,
  SupportCardSystemView,
  UnitSystemView,
} from "../view/views";
import { airbaseExtras, airSquadronExtras, hqExtras, nqmUnitExtras, supportCardExtras, unitExtras } from "./extras";
import { PARTIALS, TEMPLATES } from "../view/paths";
import { windowPosition } from "../view/sheet-windows";
import { FoldMemory } from "./folds";
import * as act from "./actions";
import { clampPools, nqmUnitSafe, SHEET_POOLS, weaponsAsArray } from "./form-data";
import { ActorSheetBase, ItemSheetBase, type LiveActor, type LiveDocument, type SheetApp } from "./base";
import { isGM, notify, worldActors } from "../base/foundry";
import { playerEdits } from "./player-edits";
import { baseSquadron, subordinateUnit, type DropDocument } from "../documents/drop-handlers";
import { assignCard } from "../queries/card-assignment";
import { later } from "../apps/base/later";

/** The planner opened from a unit's sheet; its code loads on the first click. */
const planCombatFromSheet = later(() => import("../apps/ground-combat/macros"), "planCombatFromSheet");

/** What Foundry hands `_onDropItem`: the dropped Item (with its parent, the holding HQ). */
type DroppedItem = Parameters<typeof assignCard>[0];

/** After a drop that wrote another document, the sheet redraws: what it lists may have changed. */
function redrawIf(sheet: { render(options?: { force?: boolean }): unknown }, changed: boolean): boolean {
  if (changed) sheet.render();
  return changed;
}

/** The form's update with any pool whose maximum it lowers brought down with it (see `clampPools`). */
function poolSafe(sheet: { readonly document: LiveActor }, data: Record<string, unknown>): Record<string, unknown> {
  return clampPools(data, sheet.document.system, SHEET_POOLS[sheet.document.type] ?? []);
}

/**
 * A player's form cut to what a player may write (./player-edits): the name, the image, the free text.
 * What else it tried to change is dropped with one notice; a GM's form passes whole.
 */
function playerSafe(sheet: { readonly document: LiveDocument }, data: Record<string, unknown>): Record<string, unknown> {
  if (isGM()) return data;
  const doc = sheet.document;
  const cut = playerEdits(doc.type, data, doc);
  if (cut.refused.length > 0) notify("warn", "NOBC.Sheet.Authority.Refused", { name: doc.name });
  return cut.data;
}

type SheetClass<D> = new (options?: object) => SheetApp<D>;

/**
 * The sheets' shared base: the form goes through `playerSafe` before anything else reads it, a
 * submission left with nothing to write writes nothing, and the folds stay as the user left them.
 */
function guarded<D extends LiveDocument>(Base: SheetClass<D>) {
  return class extends Base {
    readonly #folds = new FoldMemory();

    override async _onRender(context: object, options: object): Promise<void> {
      await super._onRender(context, options);
      this.#folds.restore(this.element);
    }

    override _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown> {
      return playerSafe(this, super._processFormData(event, form, formData));
    }

    override async _processSubmitData(
      event: Event | null,
      form: HTMLFormElement,
      submitData: Record<string, unknown>,
      options?: object,
    ): Promise<void> {
      if (Object.keys(submitData).length === 0) return;
      await super._processSubmitData(event, form, submitData, options);
    }
  };
}

const GuardedActorSheet = guarded(ActorSheetBase);
const GuardedItemSheet = guarded(ItemSheetBase);

const part = (template: string) => ({ sheet: { template, templates: [...PARTIALS], scrollable: [""] } });

const common = {
  form: { submitOnChange: true },
  window: { resizable: true },
  actions: { openDocument: act.openDocument, setTrack: act.setTrack },
};

export class UnitSheet extends GuardedActorSheet {
  static DEFAULT_OPTIONS = {
    ...common,
    classes: ["nobc", "sheet", "actor", "unit"],
    position: windowPosition("unit"),
    actions: {
      ...common.actions,
      toggleMode: act.toggleMode,
      planCombat: planCombatFromSheet,
      releaseFromHq: act.releaseFromHq,
      unassignCard: act.unassignCard,
    },
  };

  static PARTS = part(TEMPLATES.unit);

  override _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown> {
    return poolSafe(this, super._processFormData(event, form, formData));
  }

  override async _prepareContext(options: object): Promise<object> {
    const unit = this.document;
    const extras = await unitExtras(unit, this.isEditable);
    return { ...(await super._prepareContext(options)), ...unitSheetContext(unit.system as UnitSystemView, extras) };
  }

  /** A support card dropped on the unit: the GM is asked to assign it (refusals are told; nothing is written here). */
  async _onDropItem(_event: DragEvent, item: DroppedItem): Promise<boolean> {
    if (!this.isEditable) return false;
    return redrawIf(this, await assignCard(item, this.document));
  }
}

export class HqSheet extends GuardedActorSheet {
  static DEFAULT_OPTIONS = {
    ...common,
    classes: ["nobc", "sheet", "actor", "hq"],
    position: windowPosition("hq"),
    actions: {
      ...common.actions,
      recoverHq: act.recoverHqAction,
      showHqRadius: act.showHqRadiusAction,
      unassignCard: act.unassignCard,
      deleteCard: act.deleteCard,
      askRelease: act.askReleaseFromRow,
      releaseUnit: act.releaseUnit,
    },
  };

  static PARTS = part(TEMPLATES.hq);

  override _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown> {
    return poolSafe(this, super._processFormData(event, form, formData));
  }

  override async _prepareContext(options: object): Promise<object> {
    const hq = this.document;
    const extras = await hqExtras(hq, this.isEditable);
    return { ...(await super._prepareContext(options)), ...hqSheetContext(hq.system as HqSystemView, extras) };
  }

  /** A unit dropped on the HQ is subordinated to it, or refused with the reason. */
  async _onDropActor(_event: DragEvent, actor: DropDocument): Promise<boolean> {
    if (!act.umpireEdit(this)) return false;
    return redrawIf(this, await subordinateUnit(actor, this.document));
  }
}

export class AirSquadronSheet extends GuardedActorSheet {
  static DEFAULT_OPTIONS = {
    ...common,
    classes: ["nobc", "sheet", "actor", "air-squadron"],
    position: windowPosition("airSquadron"),
    actions: {
      ...common.actions,
      setBox: act.setBox,
      repairSquadron: act.repairSquadron,
      addWeapon: act.addWeapon,
      removeWeapon: act.removeWeapon,
    },
  };

  static PARTS = part(TEMPLATES.airSquadron);

  override async _prepareContext(options: object): Promise<object> {
    const squadron = this.document;
    const extras = airSquadronExtras(squadron, this.isEditable);
    return {
      ...(await super._prepareContext(options)),
      ...airSquadronSheetContext(squadron.system as AirSquadronSystemView, extras),
    };
  }

  override _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown> {
    return weaponsAsArray(super._processFormData(event, form, formData));
  }
}

export class AirbaseSheet extends GuardedActorSheet {
  static DEFAULT_OPTIONS = {
    ...common,
    classes: ["nobc", "sheet", "actor", "airbase"],
    position: windowPosition("airbase"),
    actions: { ...common.actions, releaseSquadron: act.releaseSquadron },
  };

  static PARTS = part(TEMPLATES.airbase);

  override _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown> {
    return poolSafe(this, super._processFormData(event, form, formData));
  }

  override async _prepareContext(options: object): Promise<object> {
    const airbase: LiveActor = this.document;
    const extras = airbaseExtras(airbase, this.isEditable);
    return { ...(await super._prepareContext(options)), ...airbaseSheetContext(airbase.system as AirbaseSystemView, extras) };
  }

  /** A squadron dropped on the airbase is based there, or refused with the reason. */
  async _onDropActor(_event: DragEvent, actor: DropDocument): Promise<boolean> {
    if (!act.umpireEdit(this)) return false;
    return redrawIf(this, await baseSquadron(actor, this.document, worldActors<LiveActor>()));
  }
}

/** The sheet of an NQM unit (the Not Quite Mechanised toolkit). */
export class NqmUnitSheet extends GuardedActorSheet {
  static DEFAULT_OPTIONS = {
    ...common,
    classes: ["nobc", "sheet", "actor", "nqm-unit"],
    position: windowPosition("nqmUnit"),
  };

  static PARTS = part(TEMPLATES.nqmUnit);

  /** Pools, pins and Green kept whole: fewer bases take pins with them, a grade that cannot be Green clears it. */
  override _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown> {
    return nqmUnitSafe(poolSafe(this, super._processFormData(event, form, formData)), this.document.system);
  }

  override async _prepareContext(options: object): Promise<object> {
    const unit = this.document;
    const extras = await nqmUnitExtras(unit, this.isEditable);
    return { ...(await super._prepareContext(options)), ...nqmUnitSheetContext(unit.system as NqmUnitSystemView, extras) };
  }
}

export class SupportCardSheet extends GuardedItemSheet {
  static DEFAULT_OPTIONS = {
    ...common,
    classes: ["nobc", "sheet", "item", "support-card"],
    position: windowPosition("supportCard"),
    actions: { ...common.actions, unassign: act.unassignCard, askRelease: act.askRelease },
  };

  static PARTS = part(TEMPLATES.supportCard);

  override async _prepareContext(options: object): Promise<object> {
    const card = this.document;
    const extras = await supportCardExtras(card, this.isEditable);
    return {
      ...(await super._prepareContext(options)),
      ...supportCardSheetContext(card.system as SupportCardSystemView, extras),
    };
  }
}
