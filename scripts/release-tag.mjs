// The release workflow's first check: the pushed tag must be `v` + package.json's version, so the
// manifest the build writes (its `download` names `releases/download/v<version>/nobc.zip`) points at
// the release the workflow is about to publish. `node scripts/release-tag.mjs <tag>` exits 1 with the
// reason when they differ.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isMain, root } from "./script-paths.mjs";

/** The problem with releasing `tag` from a package.json of `version`, or null when the tag is right. */
export function tagProblem(tag, version) {
  if (typeof tag !== "string" || tag.length === 0) return "no tag given: run it as `node scripts/release-tag.mjs v<version>`";
  const expected = `v${version}`;
  if (tag !== expected) return `the tag ${tag} is not ${expected}, package.json's version: tag the commit that sets the version`;
  return null;
}

if (isMain(import.meta.url)) {
  const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
  const problem = tagProblem(process.argv[2], pkg.version);
  if (problem !== null) {
    console.error(`nobc release: ${problem}`);
    process.exit(1);
  }
  console.log(`nobc release: ${process.argv[2]} matches package.json`);
}
