import { describe, expect, it } from "vitest";
import { executePlan, FOLDER_MAX_DEPTH, IncompleteImportError, type ActorData, type OrbatPlan } from "../../src/orbat/index";
import { army, brigade, corps, csv, prepare, row } from "./helpers";

function planOf(text: string): OrbatPlan {
  const r = prepare(text);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.plan;
}

const hq = (name: string, parent = "") => row({ type: "hq", name, side: "nato", nationality: "us", parent, echelon: "corps", level: "3" });

describe("planImport", () => {
  const text = csv([
    brigade("3 PzBde", { formation: "1 PzDiv" }),
    brigade("4 PzBde", { formation: "1 pzdiv" }),
    brigade("Loose", { parent: "" }),
    corps,
    hq("NORTHAG"),
    army,
    row({ type: "airbase", name: "Bitburg", side: "nato", airZone: "4ATAF" }),
    row({
      type: "airSquadron",
      name: "22 TFS",
      side: "nato",
      nationality: "us",
      parent: "Bitburg",
      aircraft: "F-15C",
      role: "airSuperiority",
    }),
  ]).replace("I Corps,nato,frg,,", "I Corps,nato,frg,NORTHAG,");

  it("creates one root folder, one per HQ nested as the HQs are, one per formation and one per airbase", () => {
    const { folders } = planOf(text);
    const byName = new Map(folders.map((f) => [f.name, f]));
    expect(folders.map((f) => f.name)).toEqual(["OOB", "NORTHAG", "I Corps", "3 Shock Army", "Bitburg", "1 PzDiv"]);
    expect(new Set(folders.map((f) => f.type))).toEqual(new Set(["Actor"]));
    expect(folders.every((f) => /^[A-Za-z0-9]{16}$/.test(f._id))).toBe(true);
    expect(byName.get("OOB")!.folder).toBeNull();
    expect(byName.get("NORTHAG")!.folder).toBe(byName.get("OOB")!._id);
    expect(byName.get("I Corps")!.folder).toBe(byName.get("NORTHAG")!._id);
    expect(byName.get("1 PzDiv")!.folder).toBe(byName.get("I Corps")!._id);
    // Every folder's parent comes before it, so one batch can create them all.
    folders.forEach((f, i) => f.folder === null || expect(folders.slice(0, i).some((p) => p._id === f.folder)).toBe(true));
  });

  it("lists HQs first, parents before their subordinate HQs, and files actors by formation", () => {
    const { actors, folders } = planOf(text);
    const folderName = (a: ActorData) => folders.find((f) => f._id === a.folder)!.name;
    expect(actors.map((a) => a.name)).toEqual(["NORTHAG", "I Corps", "3 Shock Army", "Bitburg", "3 PzBde", "4 PzBde", "Loose", "22 TFS"]);
    expect(actors.map(folderName)).toEqual(["NORTHAG", "I Corps", "3 Shock Army", "Bitburg", "1 PzDiv", "1 PzDiv", "OOB", "Bitburg"]);
  });

  it("links each unit to its HQ, each HQ to its parent, each squadron to its airbase, by index", () => {
    const { actors, links } = planOf(text);
    const named = links.map((l) => `${actors[l.from as number]!.name} ${l.field} ${actors[l.to as number]!.name}`);
    expect(named).toEqual([
      "I Corps system.parent NORTHAG",
      "3 PzBde system.hq I Corps",
      "4 PzBde system.hq I Corps",
      "22 TFS system.airbase Bitburg",
    ]);
    expect(actors.every((a) => !("hq" in a.system && a.system.hq !== null) && !("parent" in a.system && a.system.parent !== null))).toBe(
      true,
    );
  });

  it("gives a squadron without an air zone its airbase's", () => {
    const { actors } = planOf(text);
    expect(actors.find((a) => a.name === "22 TFS")!.system).toMatchObject({ airZone: "4ATAF", airbase: null, box: "ready" });
  });

  it(`nests folders no deeper than Foundry's limit (${FOLDER_MAX_DEPTH})`, () => {
    const chain = csv([
      hq("H1"),
      hq("H2", "H1"),
      hq("H3", "H2"),
      hq("H4", "H3"),
      hq("H5", "H4"),
      row({
        type: "unit",
        name: "U",
        side: "nato",
        nationality: "us",
        parent: "H5",
        formation: "F",
        size: "brigade",
        arm: "armour",
        strength: "5",
      }),
    ]);
    const { folders } = planOf(chain);
    const depth = (id: string | null): number => (id === null ? 0 : 1 + depth(folders.find((f) => f._id === id)!.folder));
    expect(folders.map((f) => `${f.name}:${depth(f._id)}`)).toEqual(["OOB:1", "H1:2", "H2:3", "H3:4", "H4:4", "H5:4", "F:4"]);
  });
});

describe("executePlan", () => {
  function recorder(answer?: (data: ActorData[]) => { id: string; uuid: string }[]) {
    const calls: string[] = [];
    const seen: unknown[] = [];
    return {
      calls,
      seen,
      api: {
        createFolders: async (data: unknown[]) => (calls.push("folders"), seen.push(data), data),
        createActors: async (data: ActorData[]) => {
          calls.push("actors");
          return answer ? answer(data) : data.map((a, i) => ({ id: `a${i}`, uuid: `Actor.a${i}` }));
        },
        updateActors: async (updates: Record<string, unknown>[]) => (calls.push("update"), seen.push(updates), updates),
      },
    };
  }

  it("creates folders once, actors once, then sets every link in one update", async () => {
    const plan = planOf(csv([corps, brigade("3 PzBde"), brigade("4 PzBde")]));
    const rec = recorder();
    await expect(executePlan(plan, rec.api)).resolves.toEqual({ folders: 2, actors: 3, links: 2, updated: 0 });
    expect(rec.calls).toEqual(["folders", "actors", "update"]);
    expect(rec.seen[1]).toEqual([
      { _id: "a1", "system.hq": "Actor.a0" },
      { _id: "a2", "system.hq": "Actor.a0" },
    ]);
  });

  it("makes no update when nothing is linked", async () => {
    const rec = recorder();
    await executePlan(planOf(csv([corps, army])), rec.api);
    expect(rec.calls).toEqual(["folders", "actors"]);
  });

  it("stops before linking when fewer actors were created than asked", async () => {
    const rec = recorder(() => []);
    await expect(executePlan(planOf(csv([corps, brigade("X")])), rec.api)).rejects.toThrow(IncompleteImportError);
    expect(rec.calls).toEqual(["folders", "actors"]);
  });
});
