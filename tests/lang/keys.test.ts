/**
 * Key hygiene (docs/i18n.md): every key of lang/en.json is used. A key is used when it is written
 * out in full as one quoted literal in src/, templates/ or system.json, or when a key builder this
 * test enumerates over its whole domain produces it (a plural group is one key). That no key in
 * use is missing is tests/sheets/i18n.test.ts.
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { harness } from "../harness/foundry";
import { english } from "./languages";
import { KEY, hasLangKey, keysInUse, langKeys } from "./key-scan";
import { SUPPORT_CARD_CATEGORIES } from "../../src/rules/nobc/land/card-categories";
import { categoryHintKey, categoryLabelKey } from "../../src/view/labels";
import { NATIONALITIES } from "../../src/data/nationalities";
import { registerSettings } from "../../src/base/settings";
import { hqListContext, turnPanelContext } from "../../src/combat/tracker";
import { turn } from "../../src/rules/index";
import { hqFixture } from "../combat/fixtures";

const repo = resolve(__dirname, "../..");
const en = english(repo).tree;
const WHOLE_KEY = new RegExp(`^${KEY}$`);

/** Every string in `node` that is a whole lang key. */
function keysWithin(node: unknown, out: string[] = []): string[] {
  if (typeof node === "string") {
    if (WHOLE_KEY.test(node)) out.push(node);
  } else if (Array.isArray(node)) {
    for (const v of node) keysWithin(v, out);
  } else if (node !== null && typeof node === "object") {
    for (const v of Object.values(node)) keysWithin(v, out);
  }
  return out;
}

/**
 * The keys built at run time, from the builders themselves over every value they take: the
 * support-card categories' labels and hints, the nationalities' labels, the settings' names,
 * hints and choices as registered, the turn tracker's stage, war, first-mover and side keys, and
 * Foundry's own `TYPES.<Document>.<type>` label of each document type system.json declares.
 */
function builtKeys(): Record<string, string[]> {
  harness.settingsRegistered.length = 0;
  registerSettings();
  const settings = harness.settingsRegistered.flatMap((s) => keysWithin([s.config["name"], s.config["hint"], s.config["choices"]]));
  const stages = turn.STAGES.flatMap((_, stage) =>
    [true, false].flatMap((nato) => keysWithin(turnPanelContext({ turn: 1, stage, planningEndsAt: null }, hqFixture(nato), true, 0))),
  );
  const manifest = JSON.parse(readFileSync(join(repo, "system.json"), "utf8")) as {
    documentTypes: Record<string, Record<string, unknown>>;
  };
  const types = Object.entries(manifest.documentTypes).flatMap(([doc, byType]) => Object.keys(byType).map((t) => `TYPES.${doc}.${t}`));
  return {
    "document types (system.json, named by Foundry)": types,
    "card categories (src/view/labels.ts)": SUPPORT_CARD_CATEGORIES.flatMap((c) => [categoryLabelKey(c), categoryHintKey(c)]),
    "nationalities (src/data/nationalities.ts)": NATIONALITIES.map((n) => n.label),
    "settings (src/base/settings.ts)": settings,
    "turn tracker (src/combat/tracker.ts)": [...stages, ...keysWithin(hqListContext(hqFixture(true), 0, true))],
  };
}

describe("lang/en.json has no key nothing uses", () => {
  const built = builtKeys();

  it("each key builder's keys exist (the builders are enumerated)", () => {
    const missing = Object.entries(built).flatMap(([builder, keys]) =>
      keys.filter((k) => !hasLangKey(en, k)).map((k) => `${builder}: ${k}`),
    );
    expect([...new Set(missing)]).toEqual([]);
    for (const [builder, keys] of Object.entries(built)) expect(keys.length, builder).toBeGreaterThan(0);
  });

  it("every key of en.json is written out in full in src/, templates/ or system.json, or built by an enumerated builder", () => {
    const used = new Set([...keysInUse(repo).map((u) => u.key), ...Object.values(built).flat()]);
    const unused = langKeys(en).filter((k) => !used.has(k));
    expect(unused.length, `${unused.length} keys of lang/en.json are not used:\n${unused.join("\n")}\n`).toBe(0);
  });

  it("finds keys in use (the scan is not empty)", () => {
    expect(keysInUse(repo).length).toBeGreaterThan(300);
  });
});
