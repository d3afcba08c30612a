import "../harness/install";
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ACTOR_DATA_MODELS, ITEM_DATA_MODELS } from "../../src/data/register";

const SOURCE = path.resolve(__dirname, "../../packs/_source");

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
  );
}

const MODELS: Record<string, new (source: never) => unknown> = { ...ACTOR_DATA_MODELS, ...ITEM_DATA_MODELS };
const docs = jsonFiles(SOURCE)
  .map((file) => ({
    file: path.relative(SOURCE, file),
    doc: JSON.parse(readFileSync(file, "utf8")) as { type?: string; system?: unknown },
  }))
  .filter(({ doc }) => doc.type !== undefined && doc.type in MODELS);

describe("compendium documents fit the data models", () => {
  it("finds actors and items of our types in the pack sources", () => {
    expect(docs.length).toBeGreaterThan(0);
  });

  it.each(docs.map((d) => [d.file, d.doc]))("%s is valid", (_file, doc) => {
    const Model = MODELS[doc.type!]!;
    expect(() => new Model(doc.system as never)).not.toThrow();
  });
});
