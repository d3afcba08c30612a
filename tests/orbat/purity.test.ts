import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Everything in src/orbat/ but the dialog (its controller, macro and registration) runs in the CLI and in tests as well as in Foundry.
const DIR = "src/orbat";
const FOUNDRY = ["controller.ts", "macros.ts", "register.ts"];
const PURE = readdirSync(DIR).filter((f) => f.endsWith(".ts") && !FOUNDRY.includes(f));

describe("the order-of-battle reader is pure", () => {
  it.each(PURE)("%s imports no Node, Foundry or DOM (only zod, Papa Parse, SheetJS), and uses no Foundry global", (file) => {
    const src = readFileSync(`${DIR}/${file}`, "utf8");
    const imports = [...src.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((m) => m[1]!);
    // Papa Parse reads and writes CSV; SheetJS, a workbook, loaded only then (a dynamic import: sheet.ts reads one, export.ts writes one).
    expect(imports.filter((i) => !i.startsWith(".") && i !== "zod" && i !== "papaparse")).toEqual([]);
    const dynamic = [...src.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!);
    expect(dynamic.filter((i) => !i.startsWith("."))).toEqual(file === "sheet.ts" || file === "export.ts" ? ["@e965/xlsx"] : []);
    expect(imports.filter((i) => /sheets|documents|effects\/apply|settings/.test(i))).toEqual([]);
    const code = src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(code).not.toMatch(/\b(game|ui|canvas|foundry|window|document|process)\./);
  });
});
