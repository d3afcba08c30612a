/** "Odds for Selected against Targeted": Step One's odds of the selection against the targets (seed 000, Land War QRS). */
import "../../harness/install";
import { chatFake } from "../../harness/chat-fake";
import { harness } from "../../harness/foundry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkOdds, oddsForSelection, type OddsToken } from "../../../src/apps/land/odds-check";
import { landPhaseMacros } from "../../../src/apps/land/macros";
import { registerSettings } from "../../../src/base/settings";

const token = (side: string, strength: number, type = "unit"): OddsToken => ({
  actor: { type, system: { side, strength: { value: strength } } },
});
const problem = (selected: OddsToken[], targeted: OddsToken[]) => {
  const checked = checkOdds(selected, targeted, "zero");
  return checked.ok ? null : checked.problem;
};

describe("checkOdds", () => {
  it("says what is missing: a selection, a target, one side, an enemy, strength", () => {
    expect(problem([], [token("nato", 3)])).toEqual({ key: "NOBC.Land.Odds.SelectAttackers" });
    expect(problem([token("wp", 6)], [])).toEqual({ key: "NOBC.Land.Odds.TargetDefenders" });
    expect(problem([token("wp", 6), token("nato", 6)], [token("nato", 3)])).toEqual({ key: "NOBC.Land.Odds.MixedSides" });
    expect(problem([token("wp", 6)], [token("wp", 3)])).toEqual({ key: "NOBC.Land.Odds.FriendlyTarget" });
    expect(problem([token("wp", 0)], [token("nato", 3)])).toEqual({ key: "NOBC.Land.Odds.NoStrength", data: { attack: 0, defence: 3 } });
  });

  it("12 against 5 reads 2:1, +2; an HQ among the selection is not counted", () => {
    expect(checkOdds([token("wp", 8), token("wp", 4), token("wp", 9, "hq")], [token("nato", 5)], "zero")).toEqual({
      ok: true,
      attack: 12,
      defence: 5,
      modifier: 2,
    });
  });

  it("reads odds below 1:1 as the world says: 4 against 9 is +0, or 1:2 (−2) mirrored", () => {
    expect(checkOdds([token("wp", 4)], [token("nato", 9)], "zero")).toMatchObject({ ok: true, modifier: 0 });
    expect(checkOdds([token("wp", 4)], [token("nato", 9)], "mirror")).toMatchObject({ ok: true, modifier: -2 });
  });
});

describe("game.nobc.land.oddsForSelection", () => {
  const board = globalThis as { canvas?: unknown };
  let user: { targets?: Set<OddsToken> };
  beforeEach(() => {
    harness.reset();
    chatFake.reset();
    registerSettings();
    user = harness.game["user"] as { targets?: Set<OddsToken> };
  });
  afterEach(() => {
    delete board.canvas;
    delete user.targets;
  });

  it("whispers the odds to the user in their words and writes no document", async () => {
    board.canvas = { tokens: { controlled: [token("wp", 8), token("wp", 4)] } };
    user.targets = new Set([token("nato", 5)]);
    const checked = await landPhaseMacros.oddsForSelection();
    expect(checked).toMatchObject({ ok: true, modifier: 2 });
    const posted = [...chatFake.messages.values()] as unknown as { content: string; whisper: string[] }[];
    expect(posted).toHaveLength(1);
    expect(posted[0]!.whisper).toEqual([(harness.game["user"] as { id: string }).id]);
    // The key-showing harness words it with its data; escaped as HTML.
    expect(posted[0]!.content).toContain(
      "NOBC.Land.Odds.Result {&#34;attack&#34;:&#34;12&#34;,&#34;defence&#34;:&#34;5&#34;,&#34;modifier&#34;:&#34;+2&#34;}",
    );
    expect(posted[0]!.content).toContain("NOBC.Land.Odds.StepOneOnly");
  });

  it("warns with the reason and posts nothing when nothing is targeted", async () => {
    board.canvas = { tokens: { controlled: [token("wp", 6)] } };
    const checked = await oddsForSelection();
    expect(checked.ok).toBe(false);
    expect(harness.notices).toContainEqual(expect.objectContaining({ level: "warn", message: "NOBC.Land.Odds.TargetDefenders" }));
    expect(chatFake.messages.size).toBe(0);
  });
});
