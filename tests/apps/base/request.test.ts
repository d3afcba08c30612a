/**
 * Requests, not results (src/apps/base/request.ts): a player's Submit sends the dialog's id and its
 * state to the active GM; the GM checks the state's shape, reads the world for the asker, checks
 * access, rolls its own dice and posts the card as a message it authors, naming who asked. What a
 * player's client computed never reaches the card.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { harness } from "../../harness/foundry";
import { allowed, denied, opened, type DialogController } from "../../../src/apps/base/controller";
import { showDialog } from "../../../src/apps/base/dialog";
import { clearDialogRegistry, registerDialog } from "../../../src/apps/base/registry";
import { RESOLVE_QUERY, requestResolution } from "../../../src/apps/base/request";
import { postResolution } from "../../../src/chat/resolution-card";
import { RefusedError } from "../../../src/base/errors";
import type { AskingUser } from "../../../src/base/foundry";

type Raw = Record<string, unknown>;

interface Pick {
  readonly n: number;
}

/** What the dialog reads: who it was read for, so the test sees the GM read the world as the asker. */
interface Seen {
  readonly for: string | null;
  readonly gm: boolean;
}

const reads: Seen[] = [];

const picker: DialogController<Pick, Seen> = {
  template: "apps/test.hbs",
  title: "NOBC.Test.Title",
  icon: "fa-solid fa-vial",
  classes: ["nobc"],
  width: 400,
  submitAction: "roll",
  stateSchema: z.object({ n: z.number().int().min(0).max(6) }),
  read: (user?: AskingUser) => {
    const asker = user ?? (game.user as unknown as AskingUser);
    const seen = { for: asker.id, gm: asker.isGM };
    reads.push(seen);
    return seen;
  },
  open: () => opened({ n: 1 }),
  // Players may pick up to 3; the GM anything the schema allows.
  access: (state, world) => (world.gm || state.n <= 3 ? allowed : denied("NOBC.Test.TooMany", { n: state.n })),
  context: (state) => state,
  change: (state, values) => ({ n: Number(values["n"] ?? state.n) }),
  submit: (state, _world, _i18n, dice) => ({
    ok: true,
    value: { card: { title: `n ${state.n}`, resolution: { breakdown: [], rolls: [dice.d6()], outcome: state.n, effects: [] } } },
  }),
};

const { stateSchema: _none, ...gmOnlyDialog } = picker;

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests();
  registerDialog({ id: "test.picker", load: async () => picker });
  registerDialog({ id: "test.gmOnly", load: async () => gmOnlyDialog });
  reads.length = 0;
  // The GM's dice land on 6; a player's client has its own source, which must never be read.
  (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = {
    randomUniform: () => ((harness.game["user"] as { isGM: boolean }).isGM ? 0.99 : 0),
  };
});
afterEach(() => {
  clearDialogRegistry();
  delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
});

describe("a player's Submit is a request the GM resolves", () => {
  it("the GM reads the world for the asker, rolls its own dice and authors the card, naming who asked", async () => {
    chatFake.setUsers("p1");
    const dialog = (await showDialog(picker, {}, "test.picker"))!;
    const message = (await dialog.resolve()) as { id: string; author: string; flags: Raw; rolls: { total: number }[] };
    expect(message).not.toBeNull();
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual([RESOLVE_QUERY]);
    expect((message.author as unknown as { id: string }).id).toBe("gm");
    expect(chatFake.cardOf(message)["requestedBy"]).toBe("p1");
    expect(message.rolls[0]!.total).toBe(6);
    // Read on the GM's client for p1 (the asker), not as the GM.
    expect(reads.at(-1)).toEqual({ for: "p1", gm: false });
  });

  it("the GM checks access for the asker: what a player may not do is refused, whatever their client allowed", async () => {
    chatFake.setUsers("p1");
    const result = await requestResolution("test.picker", { n: 5 });
    expect(result.ok).toBe(false);
    expect(chatFake.messages.size).toBe(0);
    expect(warnings()).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Test.TooMany {\\"n\\":\\"5\\"}"}']);
  });

  it("a state of the wrong shape is refused with the field named; nothing is posted", async () => {
    chatFake.setUsers("p1");
    expect((await requestResolution("test.picker", { n: "six", extra: 1 })).ok).toBe(false);
    expect((await requestResolution("test.picker", { n: 7 })).ok).toBe(false);
    expect(chatFake.messages.size).toBe(0);
    const [shape, range] = warnings();
    expect(shape).toContain("NOBC.Chat.Refused.badRequest");
    expect(shape).toContain('"field":"n"');
    expect(range).toContain('"field":"n"');
  });

  it("an unknown dialog, and one that is the GM's alone (no state schema), answer no request", async () => {
    chatFake.setUsers("p1");
    expect((await requestResolution("test.nothing", { n: 1 })).ok).toBe(false);
    expect((await requestResolution("test.gmOnly", { n: 1 })).ok).toBe(false);
    expect(warnings()[0]).toContain("NOBC.Request.Refused.unknownDialog");
    expect(warnings()[1]).toContain("NOBC.Request.Refused.gmOnly");
    expect(chatFake.messages.size).toBe(0);
  });

  it("a GM's own dialog takes the same path without the socket, and the card names no asker", async () => {
    const message = (await (await showDialog(picker, {}, "test.picker"))!.resolve()) as { author: string; flags: Raw };
    expect(chatFake.users.get("gm")!.queries).toEqual([]);
    expect((message.author as unknown as { id: string }).id).toBe("gm");
    expect(chatFake.cardOf(message)["requestedBy"]).toBeNull();
  });

  it("with no GM online nothing is asked and nothing posted", async () => {
    chatFake.setUsers("p1", false);
    expect((await requestResolution("test.picker", { n: 1 })).ok).toBe(false);
    expect(warnings()).toEqual(["NOBC.Chat.NoGM"]);
    expect(chatFake.messages.size).toBe(0);
  });
});

describe("forged results", () => {
  it("a player's client cannot post a resolution card: postResolution refuses anyone but a GM", async () => {
    chatFake.setUsers("p1");
    const forged = { title: "ground combat", resolution: { breakdown: [], rolls: [6, 6], outcome: "DE", effects: [] } };
    await expect(postResolution(forged)).rejects.toBeInstanceOf(RefusedError);
    expect(chatFake.messages.size).toBe(0);
  });
});
