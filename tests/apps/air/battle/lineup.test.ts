import { describe, expect, it } from "vitest";
import {
  checkLineUp,
  editableParts,
  lineUpCard,
  lineUpFromForm,
  lineUpState,
  moveInLine,
  neededParts,
  waitingFor,
} from "../../../../src/apps/air/battle/lineup/state";
import { lineUpContext } from "../../../../src/apps/air/battle/lineup/context";
import { lineUpController } from "../../../../src/apps/air/battle/lineup/controller";
import type { CardRecord, LineUpRecord } from "../../../../src/apps/air/battle/records";
import { battle, card, i18n, squadron, world } from "./fixtures";

const squadrons = battle();
const WP = new Set(["Actor.mig29", "Actor.mig23", "Actor.su25"]);
const NATO = new Set(["Actor.f15", "Actor.f16", "Actor.a10", "Actor.rf4"]);
const gm = (records: CardRecord[] = []) => world(squadrons, { records });
const wpPlayer = (records: CardRecord[] = []) => world(squadrons, { records, isGM: false, owned: WP });
const natoPlayer = (records: CardRecord[] = []) => world(squadrons, { records, isGM: false, owned: NATO });

/** Posts what the user may decide now and returns the card record, as the dialog does. */
function post(w: ReturnType<typeof gm>, form: Record<string, unknown> = {}): CardRecord {
  const state = lineUpFromForm(lineUpState(w, "North"), form);
  const parts = editableParts(w, state);
  const checked = checkLineUp(w, state, parts);
  if (!checked.ok) throw new Error(checked.refusals.map((r) => r.code).join(" "));
  return card(lineUpCard(w, state, checked.value.outcome, i18n).record);
}

describe("what the zone needs", () => {
  it("all three parts with two WP fighters; no switches with one; nothing without both sides", () => {
    expect(neededParts(gm(), "North")).toEqual(["wpLine", "natoOpposite", "wpSwitches"]);
    const oneWp = world(squadrons.filter((s) => s.id !== "Actor.mig23"));
    expect(neededParts(oneWp, "North")).toEqual(["wpLine", "natoOpposite"]);
    expect(neededParts(world(squadrons.filter((s) => s.side === "nato")), "North")).toEqual([]);
  });

  it("opens with WP best first and NATO's best facing WP's best", () => {
    const s = lineUpState(gm(), "North");
    expect(s.wpLine).toEqual(["Actor.mig29", "Actor.mig23"]);
    expect(s.opposite).toEqual([
      { nato: "Actor.f15", wp: "Actor.mig29" },
      { nato: "Actor.f16", wp: "Actor.mig23" },
    ]);
    expect(s.switches).toEqual([
      ["", ""],
      ["", ""],
    ]);
    expect(s.recorded).toEqual([]);
  });
});

describe("the line-up decided by the GM in one go", () => {
  it("runs the rules' full check and gives the bouts, after WP's switch", () => {
    const w = gm();
    const state = lineUpFromForm(lineUpState(w, "North"), { "switch-0-a": "Actor.mig29", "switch-0-b": "Actor.mig23" });
    expect(editableParts(w, state)).toEqual(["wpLine", "natoOpposite", "wpSwitches"]);
    const checked = checkLineUp(w, state, editableParts(w, state));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.outcome.bouts).toEqual([
      { wp: "Actor.mig23", nato: "Actor.f15" },
      { wp: "Actor.mig29", nato: "Actor.f16" },
    ]);
    const c = lineUpCard(w, state, checked.value.outcome, i18n);
    expect(c.record).toEqual({
      kind: "lineUp",
      zone: "North",
      wpLine: ["Actor.mig29", "Actor.mig23"],
      natoOpposite: [
        { nato: "Actor.f15", wp: "Actor.mig29" },
        { nato: "Actor.f16", wp: "Actor.mig23" },
      ],
      wpSwitches: [["Actor.mig29", "Actor.mig23"]],
      bouts: checked.value.outcome.bouts,
    });
    expect(c.title).toContain("NOBC.AirBattle.LineUp.CardComplete");
    expect(c.inputs.map((i) => i.label)).toEqual([
      "NOBC.AirBattle.LineUp.WpLine",
      "NOBC.AirBattle.LineUp.NatoOpposite",
      "NOBC.AirBattle.LineUp.Switches",
    ]);
  });

  it("refuses with every reason: NATO doubling up and a bad switch", () => {
    const w = gm();
    const state = lineUpFromForm(lineUpState(w, "North"), {
      "opposite-1": "Actor.mig29",
      "switch-0-a": "Actor.mig29",
      "switch-0-b": "Actor.mig29",
    });
    const checked = checkLineUp(w, state, editableParts(w, state));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.refusals.map((r) => r.code).sort()).toEqual(["badSwitch", "doubledUp"]);
  });
});

describe("the line-up decided side by side, through the cards", () => {
  it("WP posts its line, NATO its opponents, WP its switches; each reads the previous card", () => {
    expect(waitingFor(natoPlayer(), lineUpState(natoPlayer(), "North"))).toBe("wp");
    expect(editableParts(natoPlayer(), lineUpState(natoPlayer(), "North"))).toEqual([]);

    const first = post(wpPlayer());
    expect(first.record).toEqual({ kind: "lineUp", zone: "North", wpLine: ["Actor.mig29", "Actor.mig23"] });

    const afterWp = natoPlayer([first]);
    const natoState = lineUpState(afterWp, "North");
    expect(natoState.recorded).toEqual(["wpLine"]);
    expect(editableParts(afterWp, natoState)).toEqual(["natoOpposite"]);
    expect(editableParts(wpPlayer([first]), natoState)).toEqual([]);
    const second = post(afterWp, { "opposite-0": "Actor.mig23", "opposite-1": "Actor.mig29" });
    expect(second.record).toMatchObject({
      natoOpposite: [
        { nato: "Actor.f15", wp: "Actor.mig23" },
        { nato: "Actor.f16", wp: "Actor.mig29" },
      ],
    });
    expect((second.record as LineUpRecord).bouts).toBeUndefined();

    const third = post(wpPlayer([first, second]), { "switch-0-a": "Actor.mig29", "switch-0-b": "Actor.mig23" });
    expect((third.record as LineUpRecord).bouts).toEqual([
      { wp: "Actor.mig23", nato: "Actor.f16" },
      { wp: "Actor.mig29", nato: "Actor.f15" },
    ]);

    const done = lineUpState(gm([first, second, third]), "North");
    expect(done.bouts).not.toBeNull();
    expect(editableParts(gm([first, second, third]), done)).toEqual([]);
    expect(waitingFor(gm([first, second, third]), done)).toBeNull();
  });

  it("an earlier part is refused only for the rules' reasons about it", () => {
    const w = wpPlayer();
    const wrongOrder = moveInLine(lineUpState(w, "North"), 0, 1);
    const checked = checkLineUp(w, wrongOrder, ["wpLine"]);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.refusals.map((r) => r.code)).toEqual(["lineOrder"]);

    const first = post(w);
    const nato = natoPlayer([first]);
    const doubled = lineUpFromForm(lineUpState(nato, "North"), { "opposite-1": "Actor.mig29" });
    const refused = checkLineUp(nato, doubled, ["natoOpposite"]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.refusals.map((r) => r.code)).toEqual(["doubledUp"]);
  });

  it("a partial card lists the decided part in its breakdown", () => {
    const w = wpPlayer();
    const checked = checkLineUp(w, lineUpState(w, "North"), ["wpLine"]);
    if (!checked.ok) throw new Error("refused");
    expect(checked.value.breakdown.map((b) => b.value)).toEqual([5, 3]);
    const nato = natoPlayer([post(w)]);
    const placed = checkLineUp(nato, lineUpState(nato, "North"), ["natoOpposite"]);
    if (!placed.ok) throw new Error("refused");
    expect(placed.value.breakdown.map((b) => b.value)).toEqual([1, 2]);
  });

  it("with one WP fighter, NATO's part completes the line-up", () => {
    const few = squadrons.filter((s) => s.id !== "Actor.mig23");
    const first = card({ kind: "lineUp", zone: "North", wpLine: ["Actor.mig29"] });
    const w = world(few, { records: [first], isGM: false, owned: NATO });
    const state = lineUpState(w, "North");
    const checked = checkLineUp(w, state, editableParts(w, state));
    if (!checked.ok) throw new Error("refused");
    expect(checked.value.outcome.bouts).toEqual([
      { wp: "Actor.mig29", nato: "Actor.f15" },
      { wp: null, nato: "Actor.f16" },
    ]);
  });

  it("a line-up card no longer matching the box is ignored, and the GM may start over", () => {
    const first = card({ kind: "lineUp", zone: "North", wpLine: ["Actor.mig29", "Actor.mig23"] });
    const changed = world(
      squadrons.map((s) => (s.id === "Actor.mig23" ? { ...s, box: "damaged" as const } : s)),
      { records: [first] },
    );
    expect(lineUpState(changed, "North").recorded).toEqual([]);
    expect(lineUpState(gm([first]), "North").recorded).toEqual(["wpLine"]);
    expect(lineUpState(gm([first]), "North", true).recorded).toEqual([]);
  });
});

describe("small moves", () => {
  it("moves a WP squadron within the line, never out of it", () => {
    const s = lineUpState(gm(), "North");
    expect(moveInLine(s, 1, -1).wpLine).toEqual(["Actor.mig23", "Actor.mig29"]);
    expect(moveInLine(s, 0, -1)).toBe(s);
    expect(moveInLine(s, 1, 1)).toBe(s);
  });

  it("keeps form values it is not given", () => {
    const s = lineUpState(gm(), "North");
    expect(lineUpFromForm(s, {})).toEqual(s);
    expect(lineUpFromForm(s, { "opposite-0": "" }).opposite[0]).toEqual({ nato: "Actor.f15", wp: "" });
  });
});

describe("the line-up dialog's context", () => {
  it("editing: the GM's selects are open, the bouts previewed", () => {
    const view = lineUpContext(gm(), lineUpState(gm(), "North"), i18n);
    expect(view.status).toBe("editing");
    expect(view.statusEditing).toBe(true);
    expect(view.editLine && view.editOpposite && view.editSwitches && view.showSwitches).toBe(true);
    expect(view.wp.map((r) => [r.place, r.canUp, r.canDown])).toEqual([
      [1, false, true],
      [2, true, false],
    ]);
    expect(view.nato[0]!.opponents.find((o) => o.selected)?.value).toBe("Actor.mig29");
    expect(view.bouts).toHaveLength(2);
    expect(view.bouts[0]!.nato).toContain("NOBC.AirBattle.LineUp.FighterAam");
    expect(view.canPost).toBe(true);
    expect(view.canRestart).toBe(false);
  });

  it("waiting: a NATO player sees WP's turn and cannot post", () => {
    const w = natoPlayer();
    const view = lineUpContext(w, lineUpState(w, "North"), i18n);
    expect(view.status).toBe("waiting");
    expect(view.waitingFor).toBe("NOBC.Side.wp");
    expect(view.canPost).toBe(false);
    expect(view.editOpposite).toBe(false);
    expect(view.breakdown).toBeNull();
  });

  it("none: a zone without fighters of both sides", () => {
    const w = world([squadron("f15", { box: "airSuperiority" })]);
    expect(lineUpContext(w, lineUpState(w, "North"), i18n).status).toBe("none");
  });

  it("done: the recorded bouts, and the GM may start over", () => {
    const third = card({
      kind: "lineUp",
      zone: "North",
      wpLine: ["Actor.mig29", "Actor.mig23"],
      natoOpposite: [{ nato: "Actor.f15", wp: "Actor.mig29" }],
      wpSwitches: [],
      bouts: [
        { wp: "Actor.mig29", nato: "Actor.f15" },
        { wp: "Actor.mig23", nato: null },
        { wp: null, nato: "Actor.f16" },
      ],
    });
    const view = lineUpContext(gm([third]), lineUpState(gm([third]), "North"), i18n);
    expect(view.status).toBe("done");
    expect(view.bouts.map((b) => b.nato)).toEqual([
      expect.stringContaining("f15"),
      "NOBC.AirBattle.LineUp.Unchallenged",
      expect.stringContaining("f16"),
    ]);
    expect(view.canRestart).toBe(true);
    expect(view.showSwitches).toBe(true);
    expect(view.editSwitches).toBe(false);
  });
});

describe("the zone the dialog opens on", () => {
  it("the first zone whose line-up has a part for the user now, not the first zone with any of their squadrons", () => {
    // A NATO fighter alone in "Alpha" (first by name): nothing to line up there. "North" has the battle.
    const alone = squadron("f15e", { box: "airSuperiority", airZone: "Alpha" });
    const w = world([alone, ...squadrons], { records: [post(wpPlayer())], isGM: false, owned: new Set([...NATO, alone.id]) });
    expect(editableParts(w, lineUpState(w, "Alpha"))).toEqual([]);
    expect(editableParts(w, lineUpState(w, "North"))).toEqual(["natoOpposite"]);
    const opened = lineUpController.open(w, {});
    expect(opened.ok && opened.state.zone).toBe("North");
    // Asked for a zone, it opens there.
    const asked = lineUpController.open(w, { zone: "Alpha" });
    expect(asked.ok && asked.state.zone).toBe("Alpha");
  });
});
