/**
 * The NQM dialogs' macro arguments, checked when a dialog opens: a bad one (a list that is no list,
 * a choice no form offers, an unknown name) is refused with the dialog and the field named, and
 * nothing opens.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { clearDialogRegistry, openDialog, openDialogById } from "../../../src/apps/base/registry";
import type { DialogController } from "../../../src/apps/base/controller";
import { NQM_DIALOGS, REORGANISATION } from "../../../src/apps/nqm/dialogs";
import { airController } from "../../../src/apps/nqm/air/controller";
import { artilleryController } from "../../../src/apps/nqm/artillery/controller";
import { assaultController } from "../../../src/apps/nqm/assault/controller";
import { commandController } from "../../../src/apps/nqm/command/controller";
import { disciplineController } from "../../../src/apps/nqm/discipline/controller";
import { firefightController } from "../../../src/apps/nqm/firefight/controller";
import { logisticsController } from "../../../src/apps/nqm/logistics/controller";
import { moraleController } from "../../../src/apps/nqm/morale/controller";
import { recceController } from "../../../src/apps/nqm/recce/controller";
import { reorganisationController } from "../../../src/apps/nqm/reorganisation/controller";
import { supplyCheckController } from "../../../src/apps/nqm/supply-check/controller";
import type { NqmWorld } from "../../../src/apps/nqm/world";
import { langFileWording, speak } from "../../../src/words/phrase";
import type { Phrase } from "../../../src/rules/resolution";
import en from "../../../lang/en.json";
import { loadNqmActors, plainWorld } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

type AnyNqm = DialogController<unknown, NqmWorld>;
const as = (c: unknown) => c as AnyNqm;

describe("an NQM dialog's macro arguments (pure)", () => {
  const world: NqmWorld = { ...plainWorld(["a2"]), restoringDiscipline: true, hourlySupplyCheck: true };

  it.each<[string, AnyNqm, object, string]>([
    ["air", as(airController), { aircraft: "x" }, "aircraft"],
    ["artillery", as(artilleryController), { batteries: "x" }, "batteries"],
    ["assault", as(assaultController), { round: "two" }, "round"],
    ["command", as(commandController), { mode: "march" }, "mode"],
    ["discipline", as(disciplineController), { firer: 7 }, "firer"],
    ["firefight", as(firefightController), { attacker: A("a2") }, "attacker"],
    ["logistics", as(logisticsController), { stands: A("a2") }, "stands"],
    ["morale", as(moraleController), { test: "panic" }, "test"],
    ["recce", as(recceController), { defender: ["x"] }, "defender"],
    ["reorganisation", as(reorganisationController), { when: "end" }, "when"],
    ["supply check", as(supplyCheckController), { units: A("a2") }, "units"],
    ["artillery (an unknown name)", as(artilleryController), { battery: [A("a2")] }, "battery"],
  ])("%s: a bad argument is refused, naming the dialog and the field", (_name, controller, args, field) => {
    const opened = controller.open(world, args);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.reason).toBe("NOBC.Dialog.BadArgs");
    const text = i18n.format(opened.reason, {
      dialog: speak(opened.data!["dialog"] as Phrase, i18n),
      problem: speak(opened.data!["problem"] as Phrase, i18n),
    });
    expect(text).toContain(i18n.localize(controller.title));
    expect(text).toContain(field);
  });

  it("good arguments open as before", () => {
    expect(artilleryController.open(world, { target: A("a2"), batteries: [] }).ok).toBe(true);
    expect(reorganisationController.open(world, { unit: A("a2"), when: "operation" })).toMatchObject({
      ok: true,
      state: { when: "operation" },
    });
    expect(firefightController.open(world, {}).ok).toBe(true);
  });
});

describe("an NQM dialog opened by a macro with a bad argument", () => {
  let actors: Map<string, FakeActorT>;
  beforeEach(() => {
    harness.reset();
    sheetsFake.reset();
    chatFake.reset();
    registerRequests(NQM_DIALOGS);
    actors = loadNqmActors();
  });
  afterEach(() => clearDialogRegistry());

  it("warns with the field named, opens nothing and changes nothing", async () => {
    const before = [...actors.values()].map((a) => structuredClone(a.system));
    expect(await openDialogById("nqm.artillery", { batteries: "x" })).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Dialog.BadArgs");
    expect(warnings().at(-1)).toContain("batteries");
    expect(await openDialog(REORGANISATION, { when: "end" })).toBeNull();
    expect(warnings().at(-1)).toContain("when");
    expect(sheetsFake.appRenders).toHaveLength(0);
    expect(chatFake.messages.size).toBe(0);
    expect([...actors.values()].map((a) => a.system)).toEqual(before);
  });
});
