import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Everything in src/orbat/ but the dialog (its controller, macro and registration) runs in the CLI and in tests as well as in Foundry.
const DIR = "src/orbat";
const FOUNDRY = ["controller.ts", "macros.ts", "register.ts"];
const PURE = readdirSync(DIR).filter((f) => f.endsWith(".ts") && !FOUNDRY.includes(f));

describe("the order-of-battle reader is pure", () => {
  it.each(PURE)("%s imports no Node, Foundry or DOM, and uses no Foundry global", (file) => {
    const src = readFileSync(`${DIR}/${file}`, "utf8");
    const imports = [...src.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((m) => m[1]!);
    expect(imports.filter((i) => !i.startsWith(".") && i !== "zod")).toEqual([]);
    expect(imports.filter((i) => /sheets|documents|effects\/apply|settings/.test(i))).toEqual([]);
    const code = src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(code).not.toMatch(/\b(game|ui|canvas|foundry|window|document|process)\./);
  });
});
