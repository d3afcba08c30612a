/** The Land War phase dialogs: one dialog entry each, with its turn-panel button. A dialog's code loads when it first opens. */
import type { DialogEntry } from "../base/registry";

export const ORDERS: DialogEntry = {
  id: "land.orders",
  load: async () => (await import("./orders/controller")).ordersController,
  stage: { stage: "orders", label: "NOBC.Land.Orders.Action", icon: "fa-solid fa-flag", gmOnly: false },
};
export const REAR_AREA: DialogEntry = {
  id: "land.rearArea",
  load: async () => (await import("./rear-area/controller")).rearAreaController,
  stage: { stage: "rearArea", label: "NOBC.Land.Rear.Action", icon: "fa-solid fa-bomb", gmOnly: false },
};
export const DEMOLITION: DialogEntry = {
  id: "land.demolition",
  load: async () => (await import("./demolition/controller")).demolitionController,
  stage: { stage: "rearArea", label: "NOBC.Land.Demolition.Action", icon: "fa-solid fa-bridge-circle-xmark", gmOnly: false },
};
export const RESUPPLY: DialogEntry = {
  id: "land.resupply",
  load: async () => (await import("./resupply/controller")).resupplyController,
  stage: { stage: "resupply", label: "NOBC.Land.Resupply.Action", icon: "fa-solid fa-truck", gmOnly: false },
};
export const RECOVERY: DialogEntry = {
  id: "land.recovery",
  load: async () => (await import("./recovery/controller")).recoveryController,
  stage: { stage: "resupply", label: "NOBC.Land.Recovery.Action", icon: "fa-solid fa-kit-medical", gmOnly: false },
};

/** Nuclear and ADM cards: the HQ asks Control for release (opened from the card's sheet or a macro; no turn-panel button). */
export const WMD: DialogEntry = {
  id: "land.wmd",
  load: async () => (await import("./wmd/controller")).wmdController,
};

/** The choice of the cards an HQ gives up after a rear-area attack (`hqCardsLost`): opened from the attack's card or a macro. */
export const CARD_LOSS: DialogEntry = {
  id: "land.cardLoss",
  load: async () => (await import("./card-loss/controller")).cardLossController,
};

/** A retreat carried out on the map (`retreat` effects of an applied card): opened from that card or a macro. */
export const RETREAT: DialogEntry = {
  id: "land.retreat",
  load: async () => (await import("./retreat/controller")).retreatController,
};

/** The mode-change request of the unit sheet and the pack macro: a procedure the GM answers, no dialog. */
export const MODE: DialogEntry = {
  id: "land.mode",
  load: async () => (await import("./mode/controller")).modeController,
};

/** "This turn's moves": the umpire's list of each unit's movement this turn (GM only; a turn-panel button in Movement). */
export const MOVEMENT_LOG: DialogEntry = {
  id: "land.movementLog",
  load: async () => (await import("./movement-log/controller")).movementLogController,
  stage: { stage: "movement", label: "NOBC.MovementTurn.Log.Action", icon: "fa-solid fa-route", gmOnly: true },
};

/** A unit's move on the board (a dragged token): a procedure the GM answers, no dialog (src/apps/land/move). */
export const MOVE: DialogEntry = {
  id: "land.move",
  load: async () => (await import("./move/controller")).moveController,
};
