/**
 * .github/workflows/release.yml publishes what README "Making a release" says by hand: on a version
 * tag, the tag checked against package.json, then the README's test and build commands, then a
 * release from the tag carrying exactly the files the build writes for it (scripts/package.mjs).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { tagProblem as untypedTagProblem } from "../../scripts/release-tag.mjs";
// @ts-expect-error plain ESM build script without type declarations
import * as untypedPackage from "../../scripts/package.mjs";

const tagProblem = untypedTagProblem as (tag: unknown, version: string) => string | null;
const { ZIP_NAME, SOURCEMAPS_ZIP_NAME } = untypedPackage as { ZIP_NAME: string; SOURCEMAPS_ZIP_NAME: string };

interface Step {
  uses?: string;
  run?: string;
  name?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

const root = path.resolve(__dirname, "../..");
const workflow = parse(readFileSync(path.join(root, ".github/workflows/release.yml"), "utf8")) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.map((s) => s.run?.trim() ?? "");
const indexOfRun = (start: string): number => runs.findIndex((r) => r.startsWith(start));

describe("the release workflow", () => {
  it("runs on version tags only, and may write the release", () => {
    expect(workflow.on.push.tags).toEqual(["v*"]);
    expect(Object.keys(workflow.on)).toEqual(["push"]);
    expect(workflow.permissions.contents).toBe("write");
  });

  it("runs on a Node that package.json's engines admit", () => {
    const setup = steps.find((s) => s.uses?.startsWith("actions/setup-node"));
    const engines = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
    expect(setup?.with?.["node-version"]).toBe(24);
    expect(engines).toContain("^24.");
  });

  it("checks the tag, then tests, then builds, then publishes, in that order", () => {
    const order = ["node scripts/release-tag.mjs", "npm ci", "npm test", "npm run build", "gh release create"].map(indexOfRun);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("attaches exactly the manifest and the two zips the build writes", () => {
    const publish = runs[indexOfRun("gh release create")]!;
    const files = publish.split(/\s+/).filter((word) => word.startsWith("dist/"));
    expect(files).toEqual(["dist/system.json", `dist/${ZIP_NAME}`, `dist/${SOURCEMAPS_ZIP_NAME}`]);
    expect(publish).toContain("--verify-tag");
  });
});

describe("the tag check", () => {
  it("accepts v + package.json's version", () => {
    expect(tagProblem("v0.1.0", "0.1.0")).toBeNull();
    expect(tagProblem("v1.2.3-rc.1", "1.2.3-rc.1")).toBeNull();
  });

  it("refuses another version, a tag without v, and no tag, naming what it expected", () => {
    expect(tagProblem("v0.2.0", "0.1.0")).toContain("v0.1.0");
    expect(tagProblem("0.1.0", "0.1.0")).toContain("v0.1.0");
    expect(tagProblem(undefined, "0.1.0")).toMatch(/no tag/);
    expect(tagProblem("", "0.1.0")).toMatch(/no tag/);
  });
});
