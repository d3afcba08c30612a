/**
 * package.json's engines.node tells the truth: every Node it admits satisfies the engines of every
 * installed package (as package-lock.json records them), and .ci/run's check reads it right.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { enginesNode, satisfies } from "../../scripts/node-check.mjs";

const check = satisfies as (version: string, range: string) => boolean;
const readEnginesNode = enginesNode as () => string;
const root = path.resolve(__dirname, "../..");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } }>;
};

describe("satisfies", () => {
  it("reads ^ as the same major and >= as at least", () => {
    const range = "^22.17.0 || ^24.0.0 || >=26.0.0";
    expect(["22.17.0", "22.20.1", "24.0.0", "24.21.0", "26.0.0", "27.3.1", "v24.1.0"].filter((v) => check(v, range))).toHaveLength(7);
    expect(["20.20.2", "22.12.0", "22.16.9", "23.11.0", "25.9.0", "18.0.0"].filter((v) => check(v, range))).toEqual([]);
  });

  it("fills missing parts with 0 and allows spaces after the operator", () => {
    expect(check("0.4.0", ">= 0.4")).toBe(true);
    expect(check("12.0.0", ">=12")).toBe(true);
    expect(check("11.9.9", ">=12")).toBe(false);
    expect(check("17.0.0", ">17.0.0")).toBe(false);
    expect(check("17.0.1", ">17.0.0")).toBe(true);
  });

  it("refuses a range form it does not know instead of guessing", () => {
    expect(() => check("24.0.0", "6.* || 8.*")).toThrow("unsupported range");
    expect(() => check("24.0.0", "<30")).toThrow("unsupported range");
  });
});

describe("engines.node", () => {
  const ours = readEnginesNode();
  // Every x.y.0 from Node 18 to 27 at the minors where dependencies draw their lines.
  const probes = Array.from({ length: 10 }, (_, i) => i + 18).flatMap((major) =>
    [0, 5, 9, 11, 12, 13, 14, 16, 17, 18, 19, 20].map((minor) => `${major}.${minor}.0`),
  );

  it("admits Node 24, the recommended LTS, and not the Node 20 that vitest 5 refuses", () => {
    expect(check("24.0.0", ours)).toBe(true);
    expect(check("20.19.0", ours)).toBe(false);
  });

  it("admits no Node that an installed package's engines refuse", () => {
    const clashes: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const theirs = entry.engines?.node;
      if (!name || !theirs) continue;
      for (const v of probes) {
        let ok: boolean;
        try {
          ok = check(v, theirs);
        } catch {
          break; // an old, permissive form (e.g. "6.* || 8.* || >= 10.*"); the others decide the range
        }
        if (check(v, ours) && !ok) clashes.push(`${name} (${theirs}) refuses ${v}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("is no wider than vitest and @sparticuz/chromium need together", () => {
    const need = ["node_modules/vitest", "node_modules/@sparticuz/chromium"].map((k) => lock.packages[k]?.engines?.node ?? "");
    expect(need.every((r) => r !== "")).toBe(true);
    for (const v of probes) expect(check(v, ours), v).toBe(need.every((r) => check(v, r)));
  });
});
