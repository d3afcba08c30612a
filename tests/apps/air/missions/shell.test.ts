/**
 * The Foundry shell of steps 7–11 through the harness: buttons and macros post one card, Apply
 * goes through the active GM, and a player of the other side is refused with nothing posted.
 */
import "../../../harness/install";
import { sheetsFake } from "../../../harness/sheets-fake";
import { chatFake } from "../../../harness/chat-fake";
import { registerRequests } from "../../../harness/requests";
import { squadronSystem } from "./fixture";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../../harness/foundry";
import { requestCardAction } from "../../../../src/queries/register";
import { clearStageRegistry, stageActionById } from "../../../../src/combat/registry";
import { registerAirMissionActions } from "../../../../src/apps/air/missions/register";
import { NobcDialog } from "../../../../src/apps/base/dialog";
import { phrase, type Phrase } from "../../../../src/rules/resolution";
import { say } from "../../../../src/base/foundry";
import { AIRBASE_REPAIR, CAPACITY, DEEP_STRIKE, OVERRUN, PARADROP, REPAIR } from "../../../../src/apps/air/missions/dialogs";

type Raw = Record<string, unknown>;
let macros: typeof import("../../../../src/apps/air/missions/macros");

/** A macro's refused argument as the warning writes it (the harness shows keys and data). */
const problem = (field: string, what: Phrase) => phrase("NOBC.Validation.Problem", { field, problem: what });
const refusedArgs = (macro: string, problems: Phrase) =>
  say(phrase("NOBC.Notify.Refused", { reason: phrase("NOBC.Validation.Args.Refused", { macro, problems }) }));

let f15: FakeActorT;
let f16: FakeActorT;
let mig: FakeActorT;
let base: FakeActorT;

function world(): void {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([PARADROP, DEEP_STRIKE, REPAIR, CAPACITY, AIRBASE_REPAIR, OVERRUN]);
  f15 = new harness.Actor({ name: "36 TFW (F-15)", type: "airSquadron", system: squadronSystem({ box: "damaged" }) });
  f16 = new harness.Actor({ name: "349 Sqn (F-16)", type: "airSquadron", system: squadronSystem({ box: "damaged", nationality: "be" }) });
  mig = new harness.Actor({
    name: "833 IAP (MiG-23)",
    type: "airSquadron",
    system: squadronSystem({ side: "wp", nationality: "su", box: "damaged" }),
  });
  base = new harness.Actor({
    name: "Templin",
    type: "airbase",
    system: { side: "wp", airZone: "2ATAF", baseCapacity: 2, hits: { repairable: 1, permanent: 0 }, airDefence: { value: 2, max: 4 } },
  });
  sheetsFake.actors.push(f15, f16, mig, base);
  chatFake.own(f15, "p1");
  chatFake.own(f16, "p1");
  chatFake.own(mig, "p2");
  chatFake.own(base, "p2");
}

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const cards = () => [...chatFake.messages.values()];
const effectsOf = (i: number) => (cards()[i]!.system as { effects: Raw[] }).effects;

beforeAll(async () => {
  macros = await import("../../../../src/apps/air/missions/macros");
});
beforeEach(world);

describe("the repair button (step 9)", () => {
  it("posts one card for every damaged squadron of the side, with the dice attached, and fires its hook", async () => {
    const fired: unknown[] = [];
    harness.hooks.push({ name: "nobc.aircraftRepaired", fn: (message) => void fired.push(message), once: false });
    expect(await macros.repairSide({ side: "nato" })).toBe(true);
    expect(fired).toEqual([cards()[0]]);
    expect(cards()).toHaveLength(1);
    expect(effectsOf(0).map((e) => e["squadron"])).toEqual([f15.uuid, f16.uuid]);
    expect(cards()[0]!.rolls[0]!.formula).toBe("2d6");
    expect(f15.system["box"]).toBe("damaged");
  });

  it("the owner's Apply is carried out by the active GM, in one update", async () => {
    chatFake.setUsers("p1");
    expect(await macros.repairSide({ side: "nato", automatic: [f15.uuid, f16.uuid] })).toBe(true);
    // The macro asked the GM, who rolled and posted the card, naming the asker.
    expect(cards()[0]!.author?.id).toBe("gm");
    expect(cards()[0]!.system).toMatchObject({ requestedBy: "p1" });
    const id = cards()[0]!.id;
    const result = await requestCardAction("apply", id);
    expect(result).toMatchObject({ ok: true });
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve", "nobc.applyCard"]);
    expect([f15.system["box"], f16.system["box"]]).toEqual(["ready", "ready"]);
    expect(harness.Actor.calls.filter((c) => c.method === "updateDocuments")).toHaveLength(1);
  });

  it("a player of the other side is refused and nothing is posted", async () => {
    chatFake.setUsers("p2");
    expect(await macros.repairSide({ side: "nato" })).toBe(false);
    expect(cards()).toHaveLength(0);
    expect(warnings()[0]).toContain("NOBC.AirMissions.NotYourSide");
  });

  it("bad arguments are refused naming the field, nothing posted", async () => {
    expect(await macros.repairSide({ side: "both" })).toBe(false);
    const side = phrase("NOBC.Validation.Args.Side", { input: '"both"', choices: "nato, wp", expected: '"nato", "wp"' });
    expect(warnings()).toEqual([refusedArgs("repairSide", problem("side", side))]);
    expect(cards()).toHaveLength(0);
  });

  it("the dialog: opens for the player's side, follows the form, rolls, posts and closes", async () => {
    chatFake.setUsers("p1");
    const dialog = (await macros.openRepair())!;
    expect(dialog).not.toBeNull();
    expect(sheetsFake.appRenders).toHaveLength(1);
    await dialog.change({ side: "nato", [`auto:${f16.uuid}`]: true });
    const context = (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as {
      squadrons: { automatic: boolean }[];
      canRoll: boolean;
    };
    expect(context.squadrons.map((s) => s.automatic)).toEqual([false, true]);
    expect(context.canRoll).toBe(true);
    expect(await dialog.resolve()).not.toBeNull();
    expect(cards()[0]!.author?.id).toBe("gm");
    expect(effectsOf(0)).toContainEqual({ type: "squadronBox", squadron: f16.uuid, box: "ready" });
    expect((dialog as unknown as { closes: number }).closes).toBe(1);
  });

  it("the form handler and the Roll action are wired in the dialog's options", async () => {
    const form = NobcDialog.DEFAULT_OPTIONS.form as unknown as {
      handler: (this: unknown, e: unknown, f: unknown, d: { object: Raw }) => Promise<void>;
      submitOnChange: boolean;
      closeOnSubmit: boolean;
    };
    expect(form).toMatchObject({ submitOnChange: true, closeOnSubmit: false });
    const dialog = (await macros.openRepair({ side: "nato" }))!;
    const actions = (dialog as unknown as { options: { actions: { roll: (this: unknown) => Promise<void> } } }).options.actions;
    await form.handler.call(dialog, {}, {}, { object: { [`auto:${f15.uuid}`]: true } });
    expect((dialog.dialogState as { automatic: string[] }).automatic).toEqual([f15.uuid]);
    await actions.roll.call(dialog);
    expect(effectsOf(0)[0]).toEqual({ type: "squadronBox", squadron: f15.uuid, box: "ready" });
  });

  it("the turn panel's button loads the dialog on first use", async () => {
    clearStageRegistry();
    registerAirMissionActions();
    const dialog = await stageActionById("airMissions.repair")!.run();
    expect(dialog).not.toBeNull();
    expect(((dialog as NobcDialog).dialogState as { side: string }).side).toBe("nato");
    clearStageRegistry();
  });
});

describe("the other steps through the shell", () => {
  it("the umpire's steps refuse a player and post nothing", async () => {
    chatFake.setUsers("p1");
    expect(await macros.handOverCas()).toBe(false);
    expect(await macros.returnCas()).toBe(false);
    expect(await macros.openParadrop()).toBeNull();
    expect(await macros.openCapacity()).toBeNull();
    expect(await macros.overrunAirfield({ airbase: base.uuid, hits: 1 })).toBe(false);
    expect(warnings().every((w) => w.includes("NOBC.AirMissions.GmOnly"))).toBe(true);
    expect(cards()).toHaveLength(0);
  });

  it("a refused roll warns with every reason, keeps the dialog open and posts nothing", async () => {
    const dialog = (await macros.openDeepStrike({ side: "nato" }))!;
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()[0]).toContain("NOBC.Rules.Air.DeepStrike.Refusal.noAttackers");
    expect(warnings()[0]).toContain("Templin");
    expect((dialog as unknown as { closes: number }).closes).toBe(0);
    expect(cards()).toHaveLength(0);
  });

  it("a player who loses the side between opening and rolling is refused at the roll", async () => {
    chatFake.setUsers("p1");
    const dialog = (await macros.openRepair())!;
    chatFake.disownAll();
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()[0]).toContain("NOBC.AirMissions.NotYourSide");
  });

  it("GM: airbase repair, overrun and hand-over each post one card", async () => {
    expect(await macros.repairAirbases({ side: "wp" })).toBe(true);
    expect(effectsOf(0)[0]).toMatchObject({ type: "airbaseHits", airbase: base.uuid, repairable: -1 });
    expect(effectsOf(0).at(-1)).toEqual({ type: "airDefence", chart: base.uuid, delta: 2 });
    expect(await macros.repairAirbases({ side: "wp", boxes: { [base.uuid]: 1 } })).toBe(true);
    expect(effectsOf(1).at(-1)).toEqual({ type: "airDefence", chart: base.uuid, delta: 1 });
    expect(await macros.overrunAirfield({ airbase: base.uuid, hits: 2 })).toBe(true);
    expect(effectsOf(2)).toEqual([{ type: "airbaseHits", airbase: base.uuid, repairable: 0, permanent: 2 }]);
    expect(await macros.handOverCas()).toBe(false);
    expect(warnings()[0]).toBe('NOBC.Notify.Refused {"reason":"NOBC.AirMissions.Check.nothingToHandOver"}');
    expect(cards()).toHaveLength(3);
  });

  it("each macro refuses arguments it does not know", async () => {
    expect(await macros.openParadrop({ side: "nato", brigade: "x" })).toBeNull();
    expect(await macros.repairAirbases({})).toBe(false);
    expect(await macros.overrunAirfield({ airbase: base.uuid })).toBe(false);
    expect(warnings()).toHaveLength(3);
    expect(warnings()[2]).toBe(
      refusedArgs("overrunAirfield", problem("hits", phrase("NOBC.Validation.Args.Whole", { input: "undefined" }))),
    );
  });
});
