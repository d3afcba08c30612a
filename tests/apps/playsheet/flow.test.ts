/**
 * The Playsheet's dialogs and the umpire's toolkit window through the harness: opened from the
 * registry and the macros, a roll with Foundry's dice posted as the GM's card that writes nothing,
 * a player refused, a request or macro argument of the wrong shape refused with the field named,
 * and the window listing each toolkit's procedures to whoever may open them.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { openDialog, openDialogById, registerDialog, toolkitEntries, clearDialogRegistry } from "../../../src/apps/base/registry";
import { requestResolution } from "../../../src/apps/base/request";
import { AIR_RESUPPLY, COMBAT, MOVEMENT, PLAYSHEET_DIALOGS } from "../../../src/apps/playsheet/dialogs";
import { registerPlaysheet } from "../../../src/apps/playsheet/register";
import { openPlaysheet } from "../../../src/apps/playsheet/macros";
import { registerToolkit } from "../../../src/apps/toolkit/register";
import { openToolkit } from "../../../src/apps/toolkit/macros";
import { toolkitController } from "../../../src/apps/toolkit/controller";
import { addToolkitControl } from "../../../src/ui/toolkit-control";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import { allowed, opened } from "../../../src/apps/base/controller";

type Raw = Record<string, unknown>;

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const context = (app: NobcDialog) => (app as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({});
/** Dice faces as Foundry's uniform numbers (a face f is drawn from [(f − 1) / 6, f / 6)). */
function faces(...rolled: number[]): void {
  const queue = rolled.map((f) => (f - 0.5) / 6);
  (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = { randomUniform: () => queue.shift() ?? 0 };
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests(PLAYSHEET_DIALOGS);
});
afterEach(() => {
  clearDialogRegistry();
  delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
});

describe("a Playsheet dialog in Foundry", () => {
  it("the GM rolls with Foundry's dice and posts the card as its own: the changes listed for the map, no effect to write", async () => {
    faces(3);
    const dialog = (await openPlaysheet("airResupply", { receiver: "1 Para Bde", points: 8, landing: "airstrip" }))!;
    expect(dialog).not.toBeNull();
    const message = (await dialog.resolve()) as { author: { id: string }; rolls: { total: number }[] };
    expect(message.author.id).toBe("gm");
    expect(message.rolls[0]!.total).toBe(3);
    const card = chatFake.cardOf(message);
    expect(card["effects"]).toEqual([]);
    expect(card["state"]).toBe("pending");
    const rendered = sheetsFake.rendered.at(-1)!.data as { title: string; kicker: string; byHand: string[]; dice: number[] };
    expect(rendered.dice).toEqual([3]);
    // The outcome heads the card, the procedure's name above it.
    expect(rendered.title).toContain("NOBC.Playsheet.AirResupply.Outcome");
    expect(rendered.title).toContain('"count":"7"');
    expect(rendered.kicker).toContain("NOBC.Playsheet.AirResupply.CardTitle");
    expect(rendered.byHand).toHaveLength(1);
  });

  it("the form changes the state, list buttons add and remove rows, and the chances are in the context", async () => {
    const dialog = (await openDialog(COMBAT))!;
    await dialog.change({ "attackers.0.status": "5", "attackers.0.arm": "armour", "defenders.0.status": "2" });
    await dialog.act("add", { dataset: { list: "attackers" } } as unknown as HTMLElement);
    await dialog.act("remove", { dataset: { list: "attackers", index: "1" } } as unknown as HTMLElement);
    const state = dialog.dialogState as { attackers: { status: number; arm: string }[] };
    expect(state.attackers).toHaveLength(1);
    expect(state.attackers[0]).toMatchObject({ status: 5, arm: "armour" });
    const view = await context(dialog);
    expect((view["chances"] as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    expect(view["canSubmit"]).toBe(true);
  });

  it("a player may not open it, and a player's request is refused: the Playsheet is the umpire's", async () => {
    chatFake.setUsers("p1");
    expect(await openDialog(MOVEMENT)).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Playsheet.GmOnly");
    const result = await requestResolution("playsheet.movement", {
      unit: "A",
      troops: "tanks",
      ground: "open",
      mode: "tactical",
      distanceKm: 5,
      crossesRiver: false,
      overrun: false,
    });
    expect(result.ok).toBe(false);
    expect(chatFake.messages.size).toBe(0);
  });

  it("a request whose state has the wrong shape is refused with the field named, and nothing is posted", async () => {
    chatFake.setUsers("p1");
    const result = await requestResolution("playsheet.airResupply", { receiver: "X", points: "lots", landing: "drop" });
    expect(result.ok).toBe(false);
    expect(warnings().at(-1)).toContain("NOBC.Chat.Refused.badRequest");
    expect(warnings().at(-1)).toContain('{"field":"points"');
    expect(chatFake.messages.size).toBe(0);
  });

  it("the macro refuses an unknown procedure or a bad field, naming it, and opens nothing", async () => {
    expect(await openPlaysheet("tankRush")).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Playsheet.BadArgs");
    expect(warnings().at(-1)).toContain("procedure");
    expect(await openPlaysheet("movement", { distanceKm: -3 })).toBeNull();
    expect(warnings().at(-1)).toContain("distanceKm");
    expect(await openPlaysheet("flak", { serials: [{ name: "A", damage: 2, fighters: false, carrying: false }] })).toBeNull();
    expect(warnings().at(-1)).toContain("serials[0].damage");
    expect(sheetsFake.appRenders).toHaveLength(0);
  });

  it.each([
    ["movement", { troops: "cavalry" }, "troops"],
    ["combat", { attackers: [{ name: "A" }] }, "attackers[0].status"],
    ["overrun", { breakthroughOrder: "yes" }, "breakthroughOrder"],
    ["artillery", { rangeKm: "far" }, "rangeKm"],
    ["airSupport", { german: 1.5 }, "german"],
    ["airRecce", { unitsInSquare: -1 }, "unitsInSquare"],
    ["airToAir", { stream: "c" }, "stream"],
    ["flak", { situation: "drop9km" }, "situation"],
    ["interdiction", { targets: "all" }, "targets"],
    ["airResupply", { landing: "glider" }, "landing"],
  ])("the %s dialog refuses a field of the wrong shape, naming it", async (procedure, fields, field) => {
    expect(await openPlaysheet(procedure, fields)).toBeNull();
    // The problems are nested phrases, each level escaping its quotes once more.
    expect(warnings().at(-1)!.replace(/\\/g, "")).toContain(`"field":"${field}"`);
  });

  it("a roll the rules refuse is warned with the rules' words and posts nothing", async () => {
    const dialog = (await openDialogById("playsheet.airRecce", { kind: "infantry", place: "cover" }))!;
    expect(await dialog.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Notify.Refused");
    expect(chatFake.messages.size).toBe(0);
  });
});

describe("the umpire's toolkit window", () => {
  beforeEach(() => {
    clearDialogRegistry();
    registerToolkit();
    registerPlaysheet();
  });

  it("lists every registered procedure under its toolkit's heading, in the order registered", async () => {
    // Another toolkit's procedure (as the NQM helper registers its own), the GM's alone like the Playsheet's.
    registerDialog({
      id: "test.nqmProcedure",
      load: () => Promise.resolve(toolkitStub()),
      toolkit: { toolkit: "nqm", label: "NOBC.Test.Label", hint: "NOBC.Test.Hint", icon: "fa-solid fa-vial" },
    });
    expect(toolkitEntries().map((e) => e.id)).toEqual([...PLAYSHEET_DIALOGS.map((e) => e.id), "test.nqmProcedure"]);
    const window = (await openToolkit())!;
    const view = (await context(window)) as { groups: { heading: string; procedures: { id: string; label: string; icon: string }[] }[] };
    expect(view.groups.map((g) => g.heading)).toEqual(["NOBC.Toolkit.Group.nqm", "NOBC.Toolkit.Group.playsheet"]);
    expect(view.groups[1]!.procedures.map((p) => p.id)).toEqual(PLAYSHEET_DIALOGS.map((e) => e.id));
    expect(view.groups[1]!.procedures[0]).toMatchObject({ label: "NOBC.Playsheet.Movement.Title", icon: "fa-solid fa-route" });
  });

  it("its buttons open the procedure's dialog", async () => {
    const window = (await openToolkit())!;
    const before = sheetsFake.appRenders.length;
    await window.act("open", { dataset: { id: AIR_RESUPPLY.id } } as unknown as HTMLElement);
    await new Promise((r) => setTimeout(r, 0));
    expect(sheetsFake.appRenders.length).toBe(before + 2); // the window redrawn, and the new dialog
    expect(sheetsFake.appRenders.at(-1)!.app).not.toBe(window);
  });

  it("a player sees only what they may open: every Playsheet procedure is the GM's, so the window says there is nothing", async () => {
    registerDialog({
      id: "test.forPlayers",
      load: () => Promise.resolve({ ...toolkitStub(), access: () => allowed }),
      toolkit: { toolkit: "missions", label: "NOBC.Test.Label", hint: "NOBC.Test.Hint", icon: "fa-solid fa-vial" },
    });
    chatFake.setUsers("p1");
    const window = (await openToolkit())!;
    const view = (await context(window)) as { groups: { procedures: { id: string }[] }[] };
    expect(view.groups.flatMap((g) => g.procedures.map((p) => p.id))).toEqual(["test.forPlayers"]);
    clearDialogRegistry();
    registerToolkit();
    registerPlaysheet();
    expect(await openToolkit()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Toolkit.Nothing");
    // Ids handed to the window that are not registered list nothing.
    expect(toolkitController.open({ isGM: true, entries: toolkitEntries() }, { usable: ["nope"] }).ok).toBe(false);
  });

  it("is a tool among the Token controls, seen by a GM only", () => {
    const controls: Parameters<typeof addToolkitControl>[0] & { tokens: { tools: Record<string, { visible?: boolean; title: string }> } } =
      {
        tokens: { tools: {} },
      };
    addToolkitControl(controls);
    expect(controls.tokens.tools["nobcToolkit"]).toMatchObject({ title: "NOBC.Toolkit.Title", visible: true });
    chatFake.setUsers("p1");
    addToolkitControl(controls);
    expect(controls.tokens.tools["nobcToolkit"]!.visible).toBe(false);
    const none: Record<string, undefined> = {};
    addToolkitControl(none);
    expect(none).toEqual({});
  });
});

/** A toolkit procedure of another toolkit, the GM's alone unless a test changes its access. */
function toolkitStub() {
  return {
    template: "apps/test.hbs",
    title: "NOBC.Test.Title",
    icon: "fa-solid fa-vial",
    classes: ["nobc"],
    width: 300,
    submitAction: "roll",
    read: () => ({ isGM: (game.user as unknown as { isGM: boolean }).isGM }),
    open: () => opened({}),
    access: (_s: unknown, w: unknown) => ((w as { isGM: boolean }).isGM ? allowed : { ok: false as const, reason: "NOBC.Dialog.GmOnly" }),
    context: () => ({}),
    change: (s: unknown) => s,
    submit: () => ({ ok: false as const, refusals: [] }),
  };
}
