/**
 * What the sheet buttons do. Rules buttons ask the rules core, warn with every refusal, show the
 * breakdown in a confirm dialog, and only then write through `applyEffects`. The small edits
 * (a box track, unlinking a card) write the one field directly, as the form would.
 */
import type { Mode } from "../rules/nobc/land/types";
import { setMode } from "../rules/nobc/land/index";
import { phrase, type Checked, type Resolution } from "../rules/resolution";
import { nationalityName } from "../rules/nationalities";
import { PlanWriteError, applyEffects, documentAt } from "../effects/apply";
import { breakdownContext, localizeBreakdown } from "../view/breakdown";
import { localize, say, translator, warnRefused } from "../base/foundry";
import type { AirSquadronSystemView, UnitSystemView } from "../view/views";
import { landUnitOf, squadronOf } from "../view/snapshots";
import { TEMPLATES } from "../view/paths";
import { confirmDialog, renderHtml, type LiveActor, type LiveDocument, type SheetApp } from "./base";
import { mayUpdate } from "../documents/drop-handlers";
import { currentTurnPosition } from "../combat/current";
import { openLandPhase } from "../apps/land/register";
import { requestResolution } from "../apps/base/request";
import { REPAIR } from "../apps/air/missions/dialogs";
import type { RepairState } from "../apps/air/missions/repair/state";

type ActorSheet = SheetApp<LiveActor>;
type AnySheet = SheetApp<LiveDocument>;

function nameOf(uuid: string): string {
  const doc = documentAt(uuid) as { name?: string } | null | undefined;
  return doc?.name ?? uuid;
}

/** How a rules button presents its result. */
export interface RulesPrompt {
  readonly title: string;
  readonly intro: string;
  readonly name: string;
  readonly showTotal: boolean;
}

/**
 * Refused: warns with every reason and changes nothing. Accepted: shows the breakdown and writes
 * the effects only if the user confirms. True when something was written.
 */
export async function confirmAndApply<O>(checked: Checked<Resolution<O>>, prompt: RulesPrompt): Promise<boolean> {
  if (!checked.ok) {
    warnRefused(checked.refusals.map((r) => say(r.text)));
    return false;
  }
  const { breakdown, rolls, effects } = checked.value;
  const i18n = translator();
  const view = localizeBreakdown(
    breakdownContext({ intro: prompt.intro, breakdown, rolls, effects, showTotal: prompt.showTotal }, nameOf),
    i18n,
  );
  const content = await renderHtml(TEMPLATES.breakdown, view);
  if (!(await confirmDialog(i18n.format(prompt.title, { name: prompt.name }), content))) return false;
  try {
    await applyEffects(effects);
  } catch (error) {
    if (!(error instanceof PlanWriteError)) throw error;
    warnRefused(`${i18n.localize(error.reasonKey)} ${error.failures.join(" ")}`);
    return false;
  }
  return true;
}

function isMode(value: string | undefined): value is Mode {
  return value === "combat" || value === "march";
}

/**
 * Whether this user may switch a unit's mode now: mode markers are placed in the Orders phase
 * (Land War QRS phase 2), so with a turn on the tracker a player switches only then; the GM (for
 * set-up and corrections) and a world without a turn tracker are not limited.
 */
export function modeChangeAllowed(isGM: boolean, stage: string | null): boolean {
  return isGM || stage === null || stage === "orders";
}

/** Unit sheet: take the mode the button names (Combat costs a supply point). */
export async function toggleMode(this: ActorSheet, _event: Event, target: HTMLElement): Promise<void> {
  const mode = target.dataset["mode"];
  if (!isMode(mode) || !this.isEditable) return;
  if (!modeChangeAllowed(game.user?.isGM === true, currentTurnPosition()?.stage ?? null)) {
    warnRefused(translator().localize("NOBC.Dialog.ModeOnlyInOrders"));
    return;
  }
  const unit = this.document;
  const checked = setMode({ unit: landUnitOf(unit, unit.system as UnitSystemView), mode });
  await confirmAndApply(checked, { title: "NOBC.Dialog.ModeTitle", intro: "NOBC.Dialog.ModeIntro", name: unit.name, showTotal: false });
}

/**
 * HQ sheet: open the HQ Recovery dialog for this HQ. It, not a direct write, so the cards held may be
 * played, the card goes to chat for all to see, and the once-a-turn key holds (see the Land dialogs).
 */
export async function recoverHqAction(this: ActorSheet): Promise<void> {
  if (!this.isEditable) return;
  await openLandPhase("recovery", this.document.uuid);
}

/**
 * Squadron sheet: asks the active GM to repair this damaged squadron (the aircraft repair dialog's
 * request, for this squadron only). The GM checks that the asker owns it, rolls with its own dice and
 * posts the card, applied from there.
 */
export async function repairSquadron(this: ActorSheet): Promise<void> {
  if (!this.isEditable) return;
  const doc = this.document;
  const system = doc.system as AirSquadronSystemView;
  if (squadronOf(doc, system) === null) {
    warnRefused(say(phrase("NOBC.Dialog.NoAirForce", { name: doc.name, nationality: nationalityName(system.nationality) })));
    return;
  }
  const state: RepairState = { side: system.side, automatic: [], only: [doc.uuid] };
  await requestResolution(REPAIR.id, state);
}

/** Box N sets the track to N; clicking the last filled box empties it. */
export function trackValue(current: number, clicked: number): number {
  return clicked === current ? clicked - 1 : clicked;
}

export async function setTrack(this: AnySheet, _event: Event, target: HTMLElement): Promise<void> {
  const field = target.dataset["field"];
  const clicked = Number(target.dataset["value"]);
  if (field === undefined || !Number.isInteger(clicked) || !this.isEditable) return;
  const current = Number(field.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], this.document));
  await this.document.update({ [field]: trackValue(current, clicked) });
}

/** Opens the sheet of a linked document (an HQ, a card, a subordinate). */
export function openDocument(this: AnySheet, _event: Event, target: HTMLElement): void {
  const uuid = target.dataset["uuid"];
  if (uuid === undefined) return;
  const doc = documentAt(uuid) as LiveDocument | null | undefined;
  doc?.sheet?.render({ force: true });
}

/**
 * Clears one link field of the document `data-uuid` names (or of the sheet's own document), if
 * this user may change that document, then redraws the sheet (the link may live on another one).
 */
async function unlink(sheet: AnySheet, target: HTMLElement, field: string): Promise<void> {
  if (!sheet.isEditable) return;
  const uuid = target.dataset["uuid"];
  const doc = uuid === undefined ? sheet.document : (documentAt(uuid) as LiveDocument | null | undefined);
  if (doc === null || doc === undefined || !mayUpdate(doc)) return;
  await doc.update({ [field]: null });
  sheet.render();
}

export async function releaseFromHq(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  await unlink(this, target, "system.hq");
}
export async function releaseUnit(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  await unlink(this, target, "system.hq");
}
export async function releaseSquadron(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  await unlink(this, target, "system.airbase");
}
export async function unassignCard(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  await unlink(this, target, "system.assignedTo");
}

/** HQ sheet: removes a card from the hand after asking. */
export async function deleteCard(this: ActorSheet, _e: Event, target: HTMLElement): Promise<void> {
  const uuid = target.dataset["uuid"];
  if (uuid === undefined || !this.isEditable) return;
  const card = [...this.document.items].find((i) => i.uuid === uuid);
  if (card === undefined) return;
  const i18n = translator();
  const asked = await confirmDialog(
    i18n.localize("NOBC.Dialog.DeleteCardTitle"),
    `<p>${i18n.format("NOBC.Dialog.DeleteCard", { name: card.name })}</p>`,
  );
  if (asked) await card.delete();
}

/** Squadron sheet: moves the squadron's marker to a box by hand (an umpire's correction). */
export async function setBox(this: ActorSheet, _e: Event, target: HTMLElement): Promise<void> {
  const box = target.dataset["box"];
  if (box === undefined || !this.isEditable) return;
  await this.document.update({ "system.box": box });
}

export async function addWeapon(this: ActorSheet): Promise<void> {
  if (!this.isEditable) return;
  const weapons = (this.document.system as AirSquadronSystemView).weapons;
  // The name may not be blank (data model), so a new row starts with a name the user then edits.
  const name = localize("NOBC.Air.NewWeapon");
  await this.document.update({ "system.weapons": [...weapons, { kind: "aam", name }] });
}

export async function removeWeapon(this: ActorSheet, _e: Event, target: HTMLElement): Promise<void> {
  const index = Number(target.dataset["index"]);
  if (!Number.isInteger(index) || !this.isEditable) return;
  const weapons = (this.document.system as AirSquadronSystemView).weapons;
  await this.document.update({ "system.weapons": weapons.filter((_, i) => i !== index) });
}
