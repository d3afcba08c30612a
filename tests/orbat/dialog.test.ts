/** The order-of-battle import dialog through the harness: who may open it, checking, importing. */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry";
import { openOrbatImport } from "../../src/orbat/macros";
import { ORBAT_HELP_UUID } from "../../src/orbat/help";
import { checkImport, importController, type ImportState } from "../../src/orbat/controller";
import type { NobcDialog } from "../../src/apps/base/dialog";
import * as XLSX from "@e965/xlsx";
import { phrase } from "../../src/rules/resolution";
import { army, brigade, corps, csv, HEADER, ids } from "./helpers";

/** A chosen file as the file input gives it: its bytes. */
const chosen = (name: string, content: string | Uint8Array) => ({
  name,
  arrayBuffer: async () => (typeof content === "string" ? new TextEncoder().encode(content) : content).slice().buffer,
});
const stateOf = (dialog: NobcDialog) => dialog.dialogState as ImportState;
/** The world's folders: none until a card is applied. */
const folders = () => harness.documents().filter((d) => d.documentName === "Folder");

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
});

describe("openOrbatImport", () => {
  it("refuses a player clearly and opens nothing", async () => {
    harness.game["user"] = { id: "p1", isGM: false };
    expect(await openOrbatImport()).toBeNull();
    expect(harness.notices).toMatchObject([{ level: "warn", message: 'NOBC.Notify.Refused {"reason":"NOBC.Orbat.GmOnly"}' }]);
    expect(sheetsFake.appRenders).toEqual([]);
  });

  it("opens the dialog for a GM", async () => {
    expect(await openOrbatImport()).not.toBeNull();
    expect(sheetsFake.appRenders.map((r) => r.options)).toEqual([{ force: true }]);
    expect(harness.notices).toEqual([]);
  });
});

describe("checking", () => {
  it("a chosen file is checked at once; its text is not echoed into the paste box", async () => {
    const dialog = (await openOrbatImport())!;
    await dialog.change({ text: "", rootFolder: "OOB", file: chosen("oob.csv", csv([corps, army])) });
    expect(stateOf(dialog)).toMatchObject({ text: "", rootFolder: "OOB", source: "oob.csv", result: { ok: true } });
  });

  it("a chosen file's bytes are read as the CLI reads them: Windows-1252 with its warning, an .xlsx workbook", async () => {
    const dialog = (await openOrbatImport())!;
    const text = csv([corps, brigade("Panzerbrigade Gütersloh")]);
    await dialog.change({ text: "", rootFolder: "OOB", file: chosen("oob.csv", new Uint8Array(Buffer.from(text, "latin1"))) });
    const result = stateOf(dialog).result!;
    expect(result.warnings).toEqual([phrase("NOBC.Orbat.Warning.Windows1252", { names: "Panzerbrigade Gütersloh" })]);
    expect(result.ok && result.plan.actors.map((a) => a.name)).toEqual(["I Corps", "Panzerbrigade Gütersloh"]);

    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER.slice(), corps, army]), "OOB");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
    await dialog.change({ text: "", rootFolder: "OOB", file: chosen("oob.xlsx", bytes) });
    const sheet = stateOf(dialog).result!;
    expect([sheet.warnings, sheet.ok && sheet.plan.actors.map((a) => a.name)]).toEqual([[], ["I Corps", "3 Shock Army"]]);
    expect(stateOf(dialog).source).toBe("oob.xlsx");
  });

  it("pasted text lets go of the file, and Check checks it, keeping it to be fixed", async () => {
    const bad = csv([corps, brigade("X", { strength: "ten" })]);
    const state = await importController.change(
      { text: "", rootFolder: "OOB", source: "oob.csv", result: null, file: chosen("oob.csv", "") },
      { text: bad, rootFolder: "" },
      { isGM: true },
    );
    expect(state).toMatchObject({ text: bad, rootFolder: "NOBC.Orbat.DefaultRoot", file: null });
    const checked = await checkImport(state, ids());
    expect(checked).toMatchObject({ text: bad, source: null, result: { ok: false } });
  });
});

describe("the help", () => {
  it("opens the order-of-battle journal of the rules reference, or says it is missing", async () => {
    const dialog = (await openOrbatImport())!;
    await dialog.act("help", {} as HTMLElement);
    expect(harness.notices.map((n) => n.message)).toEqual(["NOBC.Orbat.HelpMissing"]);
    const render = vi.fn();
    harness.registerUuid(ORBAT_HELP_UUID, { sheet: { render } });
    try {
      await dialog.act("help", {} as HTMLElement);
      expect(render).toHaveBeenCalledWith({ force: true });
    } finally {
      harness.forgetUuid(ORBAT_HELP_UUID);
    }
  });
});

describe("importing", () => {
  it("refuses before anything sound is checked", async () => {
    const dialog = (await openOrbatImport())!;
    expect(await dialog.resolve()).toBeNull();
    expect(harness.notices.map((n) => n.message)).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Orbat.NotChecked"}']);
  });

  it("posts the checked file as a card the GM applies (nothing is written yet), says so, and closes", async () => {
    const dialog = (await openOrbatImport())!;
    await dialog.change({ text: csv([corps, army]), rootFolder: "OOB" });
    await dialog.act("check", {} as HTMLElement);
    expect(stateOf(dialog).result).toMatchObject({ ok: true });
    expect(await dialog.resolve()).toMatchObject({ folders: 3, actors: 2, updated: 0 });
    expect(folders()).toHaveLength(0);
    const [card] = [...chatFake.messages.values()];
    expect(card?.system).toMatchObject({ state: "pending", record: null });
    expect((card?.system["effects"] as { type: string }[]).map((e) => e.type)).toEqual([
      "folderCreated",
      "folderCreated",
      "folderCreated",
      "actorCreated",
      "actorCreated",
    ]);
    expect(harness.notices.map((n) => [n.level, n.message])).toEqual([
      ["info", 'NOBC.Orbat.Posted {"actors":"2","folders":"3","updated":"0"}'],
    ]);
    expect((dialog as unknown as { closes: number }).closes).toBe(1);
  });

  it("refuses what was checked once the text or the root folder changed since, until it is checked again", async () => {
    const dialog = (await openOrbatImport())!;
    await dialog.change({ text: csv([corps, army]), rootFolder: "OOB" });
    await dialog.act("check", {} as HTMLElement);
    expect(stateOf(dialog).result).toMatchObject({ ok: true });
    await dialog.change({ text: csv([corps, army]), rootFolder: "Renamed" });
    expect(stateOf(dialog).result).toBeNull();
    expect(await dialog.resolve()).toBeNull();
    await dialog.change({ text: csv([corps]), rootFolder: "Renamed" });
    expect(stateOf(dialog).result).toBeNull();
    expect(await dialog.resolve()).toBeNull();
    expect(folders()).toHaveLength(0);
    expect(harness.notices.map((n) => n.message)).toEqual([
      'NOBC.Notify.Refused {"reason":"NOBC.Orbat.NotChecked"}',
      'NOBC.Notify.Refused {"reason":"NOBC.Orbat.NotChecked"}',
    ]);
    await dialog.act("check", {} as HTMLElement);
    expect(await dialog.resolve()).toMatchObject({ folders: 2, actors: 1, updated: 0 });
  });
});
