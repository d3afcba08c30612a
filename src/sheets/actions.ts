/**
 * What the sheet buttons do. A button that resolves something sends a request to the active GM
 * (the mode change) or opens its dialog (HQ recovery), and the card goes to chat; nothing is
 * written by the rules from here. The small edits (a box track, a squadron's box, the weapons, a
 * unit released from its HQ) write the one field directly and are the umpire's: a player's click is
 * refused with one notice (docs/authority.md, "Sheets"). A support card taken back (`unassignCard`)
 * is its holder's, asked of the GM as its assignment is.
 */
import type { Mode } from "../rules/nobc/land/types";
import { phrase } from "../rules/resolution";
import { nationalityName } from "../rules/nationalities";
import { documentAt } from "../effects/apply";
import { isGM, localize, notify, say, translator, warnRefused } from "../base/foundry";
import type { AirSquadronSystemView } from "../view/views";
import { squadronOf } from "../view/snapshots";
import { confirmDialog, type LiveActor, type LiveDocument, type SheetApp } from "./base";
import { mayUpdate } from "../documents/drop-handlers";
import { currentTurnPosition } from "../combat/current";
import { openLandPhase } from "../apps/land/register";
import { MODE, WMD } from "../apps/land/dialogs";
import { openDialog } from "../apps/base/registry";
import { modeChangeAllowed } from "../apps/land/mode/guard";
import { requestResolution } from "../apps/base/request";
import { requestCardAssignment } from "../queries/card-assignment";
import { REPAIR } from "../apps/air/missions/dialogs";
import type { RepairState } from "../apps/air/missions/repair/state";
import { board, toggleHqRadius } from "../canvas/register";

type ActorSheet = SheetApp<LiveActor>;

/**
 * True for a GM on an editable sheet; for a player the sheet offers no such control, and one clicked
 * anyway (a forged button) is refused with the one notice that the umpire changes these values.
 */
export function umpireEdit(sheet: { readonly isEditable: boolean; readonly document: { readonly name: string } }): boolean {
  if (!sheet.isEditable) return false;
  if (isGM()) return true;
  notify("warn", "NOBC.Sheet.Authority.Refused", { name: sheet.document.name });
  return false;
}
type AnySheet = SheetApp<LiveDocument>;

function isMode(value: string | undefined): value is Mode {
  return value === "combat" || value === "march";
}

export { modeChangeAllowed };

/**
 * Unit sheet: ask the active GM to put the unit in the mode the button names (`land.mode`). The
 * GM checks the Orders phase and the rules (Combat Mode costs a supply point) and posts the card,
 * which the unit's owner applies. Outside Orders a player is told at once and nothing is sent.
 */
export async function toggleMode(this: ActorSheet, _event: Event, target: HTMLElement): Promise<void> {
  const mode = target.dataset["mode"];
  if (!isMode(mode) || !this.isEditable) return;
  if (!modeChangeAllowed(game.user?.isGM === true, currentTurnPosition()?.stage ?? null)) {
    warnRefused(translator().localize("NOBC.Dialog.ModeOnlyInOrders"));
    return;
  }
  await requestResolution(MODE.id, { units: [this.document.uuid], mode });
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
 * HQ sheet: highlights this HQ's radius on the board (support, and the resupply reach with the
 * autobahn doubling); a second press hides it. Only this client's canvas changes; nothing is written.
 */
export function showHqRadiusAction(this: ActorSheet): void {
  const id = this.document.uuid;
  const wasShown = board.shownHq?.id === id;
  if (!toggleHqRadius(id) && !wasShown) notify("info", "NOBC.Board.NoToken", { hq: this.document.name });
}

/**
 * Support card sheet (a nuclear or ADM card held by an HQ): open the release dialog for this card,
 * on the targeted token's hex when there is one. The dialog asks Control; nothing is written here.
 */
export async function askRelease(this: SheetApp<LiveDocument>): Promise<void> {
  if (!this.isEditable) return;
  await openRelease(this.document.uuid);
}

/**
 * HQ sheet: the same release dialog for the nuclear or ADM card of the row (`data-uuid`), one of the
 * HQ's hand. The dialog checks the card and who asks, as from the card's own sheet.
 */
export async function askReleaseFromRow(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  const uuid = target.dataset["uuid"];
  if (!this.isEditable || uuid === undefined || uuid === "") return;
  await openRelease(uuid);
}

/** The release dialog for card `uuid`, on the targeted token's hex when there is one. */
async function openRelease(uuid: string): Promise<void> {
  const { targetedHex } = await import("../apps/land/wmd/controller");
  const { readLandWorld } = await import("../apps/land/world");
  const hex = targetedHex(readLandWorld());
  await openDialog(WMD, hex === undefined ? { card: uuid } : { card: uuid, hex });
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
  if (field === undefined || !Number.isInteger(clicked) || !umpireEdit(this)) return;
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

/** Unit sheet: the unit leaves its HQ (the order of battle: the umpire's). */
export async function releaseFromHq(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  if (umpireEdit(this)) await unlink(this, target, "system.hq");
}
/** HQ sheet: a unit of the row leaves the HQ (the umpire's). */
export async function releaseUnit(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  if (umpireEdit(this)) await unlink(this, target, "system.hq");
}
/** Airbase sheet: a squadron of the row leaves the base (basing is the GM's, Air War step 10). */
export async function releaseSquadron(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  if (umpireEdit(this)) await unlink(this, target, "system.airbase");
}
/**
 * A support card taken back from its unit: the holder's, as assigning it by a drop is (Land War
 * "Assign Support Cards"), and asked of the GM as that is (src/queries/card-assignment.ts): nothing
 * is written from here. The row names the card; on the card's own sheet, the card itself.
 */
export async function unassignCard(this: AnySheet, _e: Event, target: HTMLElement): Promise<void> {
  if (!this.isEditable) return;
  const uuid = target.dataset["uuid"] ?? this.document.uuid;
  if (await requestCardAssignment(uuid, null)) this.render();
}

/** HQ sheet: removes a card from the hand after asking (the umpire's: a card lost in play goes by its card). */
export async function deleteCard(this: ActorSheet, _e: Event, target: HTMLElement): Promise<void> {
  const uuid = target.dataset["uuid"];
  if (uuid === undefined || !umpireEdit(this)) return;
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
  if (box === undefined || !umpireEdit(this)) return;
  await this.document.update({ "system.box": box });
}

export async function addWeapon(this: ActorSheet): Promise<void> {
  if (!umpireEdit(this)) return;
  const weapons = (this.document.system as AirSquadronSystemView).weapons;
  // The name may not be blank (data model), so a new row starts with a name the user then edits.
  const name = localize("NOBC.Air.NewWeapon");
  await this.document.update({ "system.weapons": [...weapons, { kind: "aam", name }] });
}

export async function removeWeapon(this: ActorSheet, _e: Event, target: HTMLElement): Promise<void> {
  const index = Number(target.dataset["index"]);
  if (!Number.isInteger(index) || !umpireEdit(this)) return;
  const weapons = (this.document.system as AirSquadronSystemView).weapons;
  await this.document.update({ "system.weapons": weapons.filter((_, i) => i !== index) });
}
