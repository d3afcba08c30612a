/**
 * The one dialog shell and the dialog registry, through the harness, with a small controller of
 * the test's own: window ids, the form handler and buttons, the world read afresh, access, the busy
 * flag, refusals, posting, running, failing, and opening by id from the turn panel.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { registerChat } from "../../../src/queries/card-controls";
import { requestCardAction } from "../../../src/queries/register";
import { clearStageRegistry, stageActionById } from "../../../src/combat/registry";
import { allowed, denied, gmOnly, opened, refused, type DialogController } from "../../../src/apps/base/controller";
import { NobcDialog, showDialog } from "../../../src/apps/base/dialog";
import {
  clearDialogRegistry,
  dialogIds,
  openDialog,
  openDialogById,
  openDialogsOf,
  registerDialog,
  type DialogEntry,
} from "../../../src/apps/base/registry";
import { submitDirect } from "../../../src/apps/base/submit";
import { airMissionMacros } from "../../../src/apps/air/missions/macros";
import { openOrbatImport } from "../../../src/orbat/macros";

type Raw = Record<string, unknown>;

interface Counter {
  readonly n: number;
  readonly once?: string;
}

interface Board {
  readonly gm: boolean;
  readonly limit: number;
}

let board: Board;
let reads: number;
let ran: number[];
let gate: { release: () => void } | null;

const counter: DialogController<Counter, Board, { start?: number }> = {
  template: "apps/test.hbs",
  title: "NOBC.Test.Title",
  icon: "fa-solid fa-vial",
  classes: ["nobc", "nobc-test"],
  width: 400,
  submitAction: "roll",
  read: () => {
    reads += 1;
    return board;
  },
  open: (_world, args) =>
    args.start === undefined || args.start >= 0 ? opened({ n: args.start ?? 0 }) : denied("NOBC.Test.Negative", { n: args.start }),
  access: (_state, world) => gmOnly(world.gm),
  context: (state, world) => ({ n: state.n, over: state.n > world.limit }),
  change: (state, values) => ({ ...state, n: Number(values["n"] ?? state.n) }),
  actions: { up: (state) => ({ ...state, n: state.n + 1 }) },
  submit: async (state, world, i18n, dice) => {
    if (gate !== null) await new Promise<void>((release) => (gate = { release }));
    if (state.n > world.limit) return refused([`${state.n} > ${world.limit}`, i18n.localize("NOBC.Test.Second")]);
    if (state.n === 99) throw new Error("boom");
    const face = dice.d6();
    return {
      ok: true,
      value: {
        card: {
          title: `n ${state.n}`,
          resolution: { breakdown: [], rolls: [face], outcome: state.n, effects: [] },
          ...(state.once === undefined ? {} : { once: state.once }),
        },
      },
    };
  },
};

const running: DialogController<Counter, Board> = {
  ...counter,
  failed: "NOBC.Test.Failed",
  open: () => opened({ n: 0 }),
  submit: (state) => ({ ok: true, value: { run: async () => (ran.push(state.n), { ok: true, value: "done" }) } }),
};

const idOf = (app: unknown) => (app as { options: { id: string } }).options.id;
const optionsOf = (app: unknown) => (app as { options: Raw }).options;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const renders = (app: unknown) => (app as { renders: number }).renders;
const closes = (app: unknown) => (app as { closes: number }).closes;
const context = (app: NobcDialog) => (app as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({});
const open = async (args: { start?: number } = {}) => (await showDialog(counter, args, "test.counter"))!;

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerChat();
  board = { gm: true, limit: 3 };
  reads = 0;
  ran = [];
  gate = null;
  (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = { randomUniform: () => 0.5 };
});
afterEach(() => {
  clearStageRegistry();
  clearDialogRegistry();
  delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
});

describe("window ids", () => {
  it("gives each dialog opened its own id, also two of one kind open at once", async () => {
    const [a, b] = [await open(), await open()];
    expect(idOf(a)).toMatch(/^nobc-test-counter-\d+$/);
    expect(idOf(a)).not.toBe(idOf(b));
  });

  it("an air mission dialog and the ORBAT import opened twice each get two ids (they shared one before)", async () => {
    const missions = [await airMissionMacros.openCapacity(), await airMissionMacros.openCapacity()];
    const imports = [await openOrbatImport(), await openOrbatImport()];
    expect(missions.every((d) => d !== null) && imports.every((d) => d !== null)).toBe(true);
    expect(new Set([...missions, ...imports].map(idOf)).size).toBe(4);
  });
});

describe("the window and its form", () => {
  it("takes its title, icon, classes, width and buttons from the controller; the form submits on change", async () => {
    const dialog = await open();
    expect(optionsOf(dialog)).toMatchObject({
      classes: ["nobc", "nobc-test"],
      window: { title: "NOBC.Test.Title", icon: "fa-solid fa-vial" },
      position: { width: 400 },
    });
    expect(Object.keys(optionsOf(dialog)["actions"] as Raw).sort()).toEqual(["roll", "up"]);
    expect(NobcDialog.DEFAULT_OPTIONS.form).toMatchObject({ submitOnChange: true, closeOnSubmit: false });
    expect(NobcDialog.DEFAULT_OPTIONS.tag).toBe("form");
    expect(sheetsFake.appRenders.map((r) => r.options)).toEqual([{ force: true }]);
  });

  it("the form handler turns the values into the next state through the controller, and redraws", async () => {
    const dialog = await open();
    const handler = NobcDialog.DEFAULT_OPTIONS.form.handler as unknown as (
      this: NobcDialog,
      e: Event,
      f: unknown,
      d: { object: Raw },
    ) => Promise<void>;
    await handler.call(dialog, new Event("change"), null, { object: { n: "2" } });
    expect(dialog.dialogState).toEqual({ n: 2 });
    expect(renders(dialog)).toBe(2);
  });

  it("a button runs the controller's action of that name, and redraws", async () => {
    const dialog = await open({ start: 1 });
    const up = (optionsOf(dialog)["actions"] as Record<string, (this: NobcDialog, e: Event, t: HTMLElement) => Promise<void>>)["up"]!;
    await up.call(dialog, new Event("click"), { dataset: { action: "up" } } as unknown as HTMLElement);
    expect(dialog.dialogState).toEqual({ n: 2 });
    await dialog.act("nothing", {} as HTMLElement);
    expect(dialog.dialogState).toEqual({ n: 2 });
    expect(renders(dialog)).toBe(2);
  });

  it("a form change or button that throws is told as an error and leaves the state as it was", async () => {
    const broken: DialogController<Counter, Board> = {
      ...counter,
      open: () => opened({ n: 1 }),
      change: () => {
        throw new Error("bad form");
      },
      actions: { up: () => Promise.reject(new Error("bad button")) },
    };
    const dialog = (await showDialog(broken, {}, "test.broken"))!;
    await dialog.change({ n: "5" });
    await dialog.act("up", {} as HTMLElement);
    expect(dialog.dialogState).toEqual({ n: 1 });
    expect(harness.notices.filter((n) => n.level === "error").map((n) => n.message)).toEqual([
      'NOBC.Dialog.Failed {"error":"bad form"}',
      'NOBC.Dialog.Failed {"error":"bad button"}',
    ]);
  });

  it("ignores form changes and buttons while Submit runs (Submit works on the state it read)", async () => {
    const dialog = await open({ start: 1 });
    gate = { release: () => undefined };
    const submitted = dialog.resolve();
    await new Promise((r) => setTimeout(r, 0));
    await dialog.change({ n: "3" });
    await dialog.act("up", {} as HTMLElement);
    expect(dialog.dialogState).toEqual({ n: 1 });
    gate.release();
    await submitted;
    expect(chatFake.messages.size).toBe(1);
  });

  it("reads the world afresh for every render, and adds the busy flag to the controller's context", async () => {
    const dialog = await open({ start: 3 });
    const before = reads;
    expect(await context(dialog)).toMatchObject({ n: 3, over: false, busy: false });
    board = { ...board, limit: 2 };
    expect(await context(dialog)).toMatchObject({ over: true });
    expect(reads).toBe(before + 2);
  });
});

describe("one world read per change", () => {
  it("draws the render after a change from the change's reading, and reads afresh once a document changed in between", async () => {
    const dialog = await open({ start: 1 });
    let before = reads;
    await dialog.change({ n: 2 });
    expect(reads).toBe(before + 1);
    // The harness's render prepares no context; here the render's own call: drawn from the change's reading.
    expect(await context(dialog)).toMatchObject({ n: 2 });
    expect(reads).toBe(before + 1);
    // A reading serves one render only.
    await context(dialog);
    expect(reads).toBe(before + 2);

    const touching = {
      ...counter,
      change: (state: Counter) => (
        (globalThis as unknown as { Hooks: { callAll(name: string): boolean } }).Hooks.callAll("updateActor"),
        { ...state, n: 5 }
      ),
    };
    const other = (await showDialog(touching, {}, "test.touching"))!;
    before = reads;
    await other.change({});
    expect(await context(other)).toMatchObject({ n: 5 });
    expect(reads).toBe(before + 2);
    // Open, each dialog that changed listens to the world; closed, it no longer does.
    const listening = () => harness.hooks.filter((h) => h.name === "updateActor").length;
    const open2 = listening();
    await other.close();
    expect(listening()).toBe(open2 - 1);
  });
});

describe("opening", () => {
  it("refuses with the controller's reason, worded and warned once, and opens nothing", async () => {
    expect(await showDialog(counter, { start: -1 }, "test.counter")).toBeNull();
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Test.Negative {\\"n\\":\\"−1\\"}"}']);
    expect(sheetsFake.appRenders).toHaveLength(0);
  });

  it("refuses a user the controller's access refuses (here: a player in a GM's dialog)", async () => {
    board = { ...board, gm: false };
    expect(await showDialog(counter, {}, "test.counter")).toBeNull();
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Dialog.GmOnly"}']);
  });
});

describe("Submit", () => {
  it("posts one pending card with the dice rolled, closes, and returns the message; Apply goes through the GM", async () => {
    const dialog = await open({ start: 2 });
    const message = (await dialog.resolve()) as { id: string; flags: Raw; rolls: unknown[] };
    expect(chatFake.messages.size).toBe(1);
    expect(chatFake.cardOf(message)["state"]).toBe("pending");
    expect(message.rolls).toHaveLength(1);
    expect(closes(dialog)).toBe(1);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
  });

  it("the Submit button of the controller's name runs it", async () => {
    const dialog = await open();
    const roll = (optionsOf(dialog)["actions"] as Record<string, (this: NobcDialog) => Promise<void>>)["roll"]!;
    await roll.call(dialog);
    expect(chatFake.messages.size).toBe(1);
  });

  it("refused: every reason in one warning, nothing posted, the dialog stays open and redraws", async () => {
    const dialog = await open({ start: 5 });
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"5 > 3 NOBC.Test.Second"}']);
    expect(chatFake.messages.size).toBe(0);
    expect(closes(dialog)).toBe(0);
    expect(renders(dialog)).toBeGreaterThan(1);
    expect(dialog.busy).toBe(false);
  });

  it("checks who may again on the world as it is now", async () => {
    const dialog = await open();
    board = { ...board, gm: false };
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Dialog.GmOnly"}']);
    expect(chatFake.messages.size).toBe(0);
  });

  it("is busy while it runs: a second click does nothing, and the context says so", async () => {
    const dialog = await open();
    gate = { release: () => undefined };
    const first = dialog.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(dialog.busy).toBe(true);
    expect(await context(dialog)).toMatchObject({ busy: true });
    expect(await dialog.resolve()).toBeNull();
    gate.release();
    expect(await first).not.toBeNull();
    expect(dialog.busy).toBe(false);
    expect(chatFake.messages.size).toBe(1);
  });

  it("refuses a once-only card while another with its key stands applied", async () => {
    const once: DialogController<Counter, Board> = { ...counter, open: () => opened({ n: 1, once: "test:k" }) };
    const first = (await (await showDialog(once, {}, "test.once"))!.resolve()) as { id: string };
    const second = (await showDialog(once, {}, "test.once"))!;
    expect(await requestCardAction("apply", first.id)).toEqual({ ok: true });
    expect(await second.resolve()).toBeNull();
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Chat.Refused.onceOnly"}']);
    expect(chatFake.messages.size).toBe(1);
  });

  it("runs the work of a controller that does not post (the ORBAT import), then closes", async () => {
    const dialog = (await showDialog(running, {}, "test.run"))!;
    expect(await dialog.resolve()).toBe("done");
    expect(ran).toEqual([0]);
    expect(closes(dialog)).toBe(1);
  });

  it("a failure is told as an error; the dialog stays open and is no longer busy", async () => {
    const dialog = await open({ start: 99 });
    board = { ...board, limit: 100 };
    expect(await dialog.resolve()).toBeNull();
    expect(harness.notices.filter((n) => n.level === "error").map((n) => n.message)).toEqual(['NOBC.Dialog.Failed {"error":"boom"}']);
    expect([closes(dialog), dialog.busy]).toEqual([0, false]);
  });
});

describe("buttons without a dialog", () => {
  it("refuse the user their access refuses, or post the card", async () => {
    const card = { title: "t", resolution: { breakdown: [], rolls: [], outcome: 0, effects: [] } };
    expect((await submitDirect(denied("NOBC.Dialog.GmOnly"), () => ({ ok: true, value: { card } }))).ok).toBe(false);
    expect(await submitDirect(allowed, () => refused(["no"]))).toEqual({ ok: false, refusals: ["no"] });
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Dialog.GmOnly"}', 'NOBC.Notify.Refused {"reason":"no"}']);
    expect((await submitDirect(allowed, () => ({ ok: true, value: { card } }))).ok).toBe(true);
    expect(chatFake.messages.size).toBe(1);
  });
});

describe("the registry of dialogs", () => {
  const entry: DialogEntry = {
    id: "test.counter",
    load: async () => counter,
    stage: { stage: "orders", label: "NOBC.Test.Action", icon: "fa-solid fa-vial", gmOnly: true },
  };

  it("opens an entry without registering it, and a registered one by id; an unknown id opens nothing", async () => {
    expect(await openDialog(entry, { start: 2 })).not.toBeNull();
    expect(await openDialogById("test.counter")).toBeNull();
    expect(warnings()).toEqual(['NOBC.Dialog.Unknown {"id":"test.counter"}']);
    registerDialog(entry);
    expect(dialogIds()).toEqual(["test.counter"]);
    expect((await openDialogById("test.counter", { start: 1 }))!.dialogState).toEqual({ n: 1 });
  });

  it("adds the entry's button to the turn panel under the dialog's id", async () => {
    registerDialog(entry);
    const action = stageActionById("test.counter")!;
    expect(action).toMatchObject({ stage: "orders", label: "NOBC.Test.Action", gmOnly: true });
    expect(await action.run()).toBeInstanceOf(NobcDialog);
  });

  it("knows the windows of an entry open now, however each was opened; a closed or refused one is not among them", async () => {
    registerDialog(entry);
    expect(openDialogsOf("test.counter")).toEqual([]);
    const direct = (await openDialog(entry))!;
    const byId = (await openDialogById("test.counter"))!;
    const fromPanel = (await stageActionById("test.counter")!.run()) as NobcDialog;
    expect(await openDialogById("test.counter", { start: -1 })).toBeNull();
    expect(openDialogsOf("test.counter")).toEqual([direct, byId, fromPanel]);
    await byId.close();
    expect(openDialogsOf("test.counter")).toEqual([direct, fromPanel]);
    expect(openDialogsOf("test.other")).toEqual([]);
  });

  it("refuses another dialog under a taken id, and a second button of one dialog", () => {
    registerDialog(entry);
    expect(() => registerDialog({ ...entry })).toThrow(/already registered/);
    expect(() => registerDialog(entry)).toThrow(/already registered/);
    clearStageRegistry();
    expect(() => registerDialog(entry)).not.toThrow();
  });
});
