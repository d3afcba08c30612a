/**
 * The theatre out and back in (issue #31): a world made by importing the example order of battle
 * is exported (CSV, .xlsx), edited as a spreadsheet would be (the .xlsx through SheetJS, the
 * import's own reader) and imported again: exactly the edited fields change, and a file imported
 * unedited changes nothing.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import {
  COLUMN_NAMES,
  executePlan,
  exportCsv,
  exportTable,
  exportXlsx,
  parseCsv,
  prepareFile,
  prepareImport,
  type DocumentCalls,
  type OrbatImport,
  type WorldActorData,
} from "../../src/orbat/index";
import { ids } from "./helpers";

type Raw = Record<string, unknown>;

/** A world of actors the import's document calls write into, as Foundry would: ids given, dotted paths set. */
function fakeWorld() {
  const actors = new Map<string, { id: string; uuid: string; name: string; type: string; system: Raw }>();
  let next = 0;
  const calls: DocumentCalls & { made: string[] } = {
    made: [],
    createFolders: async (data) => (calls.made.push("folders"), data),
    createActors: async (data) => {
      calls.made.push("actors");
      return data.map((a) => {
        const id = `w${String(++next).padStart(15, "0")}`;
        actors.set(id, { id, uuid: `Actor.${id}`, name: a.name, type: a.type, system: structuredClone(a.system) });
        return { id, uuid: `Actor.${id}` };
      });
    },
    updateActors: async (updates) => {
      calls.made.push("update");
      for (const { _id, ...changes } of updates) {
        const actor = actors.get(_id as string)!;
        for (const [path, value] of Object.entries(changes)) {
          const keys = path.split(".").slice(1);
          let at = actor.system;
          for (const k of keys.slice(0, -1)) at = at[k] as Raw;
          at[keys.at(-1)!] = value;
        }
      }
      return updates;
    },
  };
  const data = (): WorldActorData[] => [...actors.values()].map((a) => ({ ...a, system: structuredClone(a.system) }));
  return { actors, calls, data };
}

function sound(result: OrbatImport) {
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.plan;
}

/** The world the example file makes, imported through the import's own plan and calls. */
async function exampleWorld() {
  const world = fakeWorld();
  const text = readFileSync("examples/orbat-example.csv", "utf8");
  await executePlan(sound(prepareImport(text, "csv", { newId: ids(), rootFolder: "OOB" })), world.calls);
  world.calls.made.length = 0;
  return world;
}

/** An .xlsx workbook's first sheet as rows of values, edited by `edit`, written back as the spreadsheet would save it. */
function editXlsx(bytes: Uint8Array, edit: (rows: unknown[][]) => void): Uint8Array {
  const book = XLSX.read(bytes, { type: "array" });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "" });
  edit(rows);
  book.Sheets[book.SheetNames[0]!] = XLSX.utils.aoa_to_sheet(rows);
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

const col = (name: string) => COLUMN_NAMES.indexOf(name);
const options = (world: WorldActorData[]) => ({ newId: ids(), rootFolder: "OOB", world });

describe("exporting the theatre", () => {
  it("writes the import's columns, one row per HQ, airbase, unit and squadron, links as names", async () => {
    const world = await exampleWorld();
    const table = exportTable(world.data());
    expect(table[0]).toEqual(COLUMN_NAMES);
    expect(table.length - 1).toBe(world.actors.size);
    const types = table.slice(1).map((r) => r[0]);
    expect(types.indexOf("airbase")).toBeGreaterThan(types.lastIndexOf("hq"));
    expect(types.indexOf("airSquadron")).toBeGreaterThan(types.lastIndexOf("unit"));
    // Every unit row names its HQ, as the file it came from did.
    const source = parseCsv(readFileSync("examples/orbat-example.csv", "utf8"));
    if (!source.ok) throw new Error("example unreadable");
    const [head, ...rows] = source.records.map((r) => r.cells);
    const parentOf = new Map(rows.map((r) => [r[head!.indexOf("name")], r[head!.indexOf("parent")] ?? ""]));
    for (const r of table.slice(1)) expect(r[col("parent")]).toBe(parentOf.get(r[col("name")]) ?? "");
  });

  it("writes yes/no, plain numbers and weapons as the import reads them; rich notes are left out", () => {
    const actors: WorldActorData[] = [
      {
        id: "s1",
        uuid: "Actor.s1",
        name: "22 TFS",
        type: "airSquadron",
        system: {
          side: "nato",
          nationality: "us",
          aircraft: "F-16C",
          role: "multirole",
          airToAir: 3,
          cas: 2,
          deepStrike: 1,
          weapons: [
            { kind: "aam", name: "AIM-9L" },
            { kind: "cas", name: "Rockeye" },
          ],
          range: 1,
          recce: false,
          ew: true,
          harrier: false,
          box: "ready",
          airbase: null,
          airZone: "4ATAF",
        },
      },
      { id: "x", uuid: "Actor.x", name: "Someone", type: "character", system: {} },
    ];
    const [, row] = exportTable(actors);
    expect(row![col("weapons")]).toBe("aam:AIM-9L; cas:Rockeye");
    expect([row![col("recce")], row![col("ew")], row![col("airToAir")]]).toEqual(["no", "yes", "3"]);
    expect(exportTable(actors)).toHaveLength(2);
  });
});

describe("the theatre back in", () => {
  it("a CSV exported and imported unedited changes nothing: no folder, no actor, no update", async () => {
    const world = await exampleWorld();
    const before = world.data();
    const csv = exportCsv(exportTable(before));
    const plan = sound(prepareImport(csv, "csv", options(before)));
    expect(plan).toEqual({ folders: [], actors: [], links: [], updates: [] });
    await executePlan(plan, world.calls);
    expect(world.calls.made).toEqual([]);
    expect(world.data()).toEqual(before);
  });

  it("an .xlsx exported and read back unedited changes nothing", async () => {
    const world = await exampleWorld();
    const before = world.data();
    const bytes = await exportXlsx(exportTable(before), "OOB");
    const result = await prepareFile(
      editXlsx(bytes, () => undefined),
      "theatre.xlsx",
      options(before),
    );
    expect(result.format).toBe("xlsx");
    expect(sound(result)).toEqual({ folders: [], actors: [], links: [], updates: [] });
  });

  it("an .xlsx edited in a spreadsheet changes exactly the edited fields, listed first by the dry run", async () => {
    const world = await exampleWorld();
    const before = world.data();
    const table = exportTable(before);
    const unit = table.findIndex((r) => r[0] === "unit" && r[col("arm")] === "armour");
    const hq = table.findIndex((r) => r[0] === "hq");
    const otherHq = table.findIndex((r, i) => i > hq && r[0] === "hq" && r[col("side")] === table[unit]![col("side")]);
    const unitName = table[unit]![col("name")]!;
    const oldStrength = Number(table[unit]![col("strength")]);
    const bytes = editXlsx(await exportXlsx(table, "OOB"), (rows) => {
      // A spreadsheet keeps numbers as numbers: the edited cells are a number and a text.
      rows[unit]![col("strength")] = oldStrength - 1;
      rows[hq]![col("radius")] = 6;
      rows[unit]![col("parent")] = table[otherHq]![col("name")];
    });
    const plan = sound(await prepareFile(bytes, "theatre.xlsx", options(before)));
    expect(plan.folders).toEqual([]);
    expect(plan.actors).toEqual([]);
    expect(plan.updates.map((u) => [u.name, u.changes])).toEqual(
      [
        [table[hq]![col("name")], [{ column: "radius", from: table[hq]![col("radius")], to: "6" }]],
        [
          unitName,
          [
            { column: "strength", from: String(oldStrength), to: String(oldStrength - 1) },
            { column: "parent", from: table[unit]![col("parent")], to: table[otherHq]![col("name")] },
          ],
        ],
      ].sort((a, b) => before.findIndex((x) => x.name === a[0]) - before.findIndex((x) => x.name === b[0])),
    );

    await executePlan(plan, world.calls);
    expect(world.calls.made).toEqual(["update"]);
    const after = world.data();
    const byName = (list: WorldActorData[], name: string) => list.find((a) => a.name === name)!;
    const otherUuid = byName(before, table[otherHq]![col("name")]!).uuid;
    const expected = before.map((a) => {
      if (a.name === unitName) {
        const s = a.system as Raw;
        return { ...a, system: { ...s, hq: otherUuid, strength: { ...(s["strength"] as Raw), value: oldStrength - 1 } } };
      }
      if (a.name === table[hq]![col("name")]) return { ...a, system: { ...(a.system as Raw), radius: 6 } };
      return a;
    });
    expect(after).toEqual(expected);
    // And the file, imported again, now matches the world.
    expect(sound(await prepareFile(bytes, "theatre.xlsx", options(after))).updates).toEqual([]);
  });

  it("an emptied cell leaves its field as it is; a new row is created beside the updated ones", async () => {
    const world = await exampleWorld();
    const before = world.data();
    const table = exportTable(before).map((r) => [...r]);
    const unit = table.findIndex((r) => r[0] === "unit");
    table[unit]![col("supply")] = "";
    const extra = COLUMN_NAMES.map(() => "");
    Object.assign(extra, { [col("type")]: "unit", [col("name")]: "New Bde", [col("side")]: table[unit]![col("side")] });
    for (const c of ["nationality", "parent", "size", "arm", "strength"]) extra[col(c)] = table[unit]![col(c)]!;
    const plan = sound(prepareImport(exportCsv([...table, extra]), "csv", options(before)));
    expect(plan.updates).toEqual([]);
    expect(plan.actors.map((a) => a.name)).toEqual(["New Bde"]);
    const parent = before.find((a) => a.name === table[unit]![col("parent")])!;
    expect(plan.links).toEqual([{ from: 0, to: { id: parent.id, uuid: parent.uuid, name: parent.name }, field: "system.hq" }]);
    await executePlan(plan, world.calls);
    expect(world.calls.made).toEqual(["folders", "actors", "update"]);
    expect(world.data().find((a) => a.name === "New Bde")!.system).toMatchObject({ hq: parent.uuid });
  });

  it("refuses an edit the document schema refuses, a name two actors share, and a name of another type, changing nothing", async () => {
    const world = await exampleWorld();
    const before = world.data();
    const table = exportTable(before).map((r) => [...r]);
    const unit = table.findIndex((r) => r[0] === "unit" && r[col("size")] === "brigade");
    table[unit]![col("strength")] = String(Number(table[unit]![col("strengthMax")]) + 1);
    table[unit]![col("strengthMax")] = "";
    const refused = prepareImport(exportCsv(table), "csv", options(before));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems.map((p) => [p.line, p.column])).toEqual([[unit + 1, "strength"]]);

    const first = before[0]!;
    const twice = [...before, { ...first, id: "dup", uuid: "Actor.dup" }];
    const clean = exportCsv(exportTable(before));
    const ambiguous = prepareImport(clean, "csv", options(twice));
    expect(!ambiguous.ok && ambiguous.problems.map((p) => p.text.key)).toEqual(["NOBC.Orbat.Problem.WorldNameTwice"]);
    const other = [...before.filter((a) => a !== first), { ...first, type: first.type === "hq" ? "unit" : "hq" }];
    const clash = prepareImport(clean, "csv", options(other));
    expect(!clash.ok && clash.problems.map((p) => p.text.key)).toEqual(["NOBC.Orbat.Problem.WorldOtherType"]);
    expect(world.calls.made).toEqual([]);
  });
});
