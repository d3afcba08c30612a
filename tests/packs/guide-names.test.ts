/**
 * The guide names what a GM clicks and sets, as the system shows it (issue #36: "a test that walks the guide's
 * named buttons and settings against the build"). Every **bold** name in docs/guide.md is a label of
 * lang/en.json (a placeholder such as `{stage}` stands for any words, a count in brackets may be left out), or
 * one of Foundry's own names below, or the bold lead of a paragraph (ending in a full stop) or of a list item; every setting it
 * names in code (`planningMinutes` setting, setting `umpires`) is one the system registers.
 */
import "../harness/install";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { registerSettings } from "../../src/base/settings";
import { registerUmpiresSetting } from "../../src/teams/umpires-read";
import { registerTeamsSetting } from "../../src/teams/read";
import { registerTakenSetting } from "../../src/apps/control/taken";
import { ROOT } from "./load";

/** Names the guide takes from Foundry's own interface and documents, not from our language file. */
const FOUNDRY_NAMES = new Set([
  "Game Systems → Install System", // the setup screen
  "World settings", // Configure Settings' tab
  "Configure Settings → Umpires and sectors", // Foundry's window, then our menu (its label is checked below)
  "name", // a Scene's and an Actor's fields, as Foundry's sheets label them
  "image",
  "notes",
  "placement",
]);
/** Bold that is emphasis, not a name to find on the screen. */
const EMPHASIS = new Set(["never for the other side's", "Between the stages players also drag"]);
/** The guide's own title (the journal's name), which it repeats. */
const OWN = new Set(["GM's Guide: The First Session"]);

const flat = (text: string): string => text.replace(/\s+/g, " ").trim();
const guide = readFileSync(path.join(ROOT, "docs", "guide.md"), "utf8");

function labels(): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === "string") out.push(flat(node));
    else if (node !== null && typeof node === "object") Object.values(node).forEach(walk);
  };
  const en = JSON.parse(readFileSync(path.join(ROOT, "lang", "en.json"), "utf8")) as {
    NOBC: { Unit: { SwitchTo: string }; Mode: Record<string, string> };
  };
  walk(en);
  // The unit sheet's mode button puts the two together (templates: "Switch to" and the other mode's name).
  for (const mode of Object.values(en.NOBC.Mode)) out.push(`${en.NOBC.Unit.SwitchTo} ${mode}`);
  return out;
}

/** A label as a pattern: each `{placeholder}` any words; a trailing count in brackets optional. */
function labelPattern(label: string): RegExp | null {
  const literal = label.replace(/\{[^}]*\}/g, "").trim();
  if (literal.length < 4) return null;
  const escaped = label.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]*\}/g, ".+");
  return new RegExp(`^${escaped.replace(/ \\\(\.\+\\\)$/, "( \\(.+\\))?")}$`);
}

describe("the guide's names", () => {
  const all = labels();
  const exact = new Set(all);
  const patterns = all.filter((l) => l.includes("{")).flatMap((l) => labelPattern(l) ?? []);
  // A list item's bold lead ("- **The turn tracker** lists …") is a heading of the item, not a name on the screen.
  const bold = [...new Set([...guide.matchAll(/(^- )?\*\*([^*]+)\*\*/gm)].filter((m) => m[1] === undefined).map((m) => flat(m[2]!)))];

  it("finds the guide's bold names (the check reads the file)", () => {
    expect(bold.length).toBeGreaterThan(60);
  });

  it("every bold name is a label the system shows, or Foundry's own", () => {
    const unknown = bold.filter(
      (b) =>
        !b.endsWith(".") && !FOUNDRY_NAMES.has(b) && !EMPHASIS.has(b) && !OWN.has(b) && !exact.has(b) && !patterns.some((p) => p.test(b)),
    );
    expect(unknown).toEqual([]);
  });

  it("the menu a Foundry path leads to is ours", () => {
    for (const name of FOUNDRY_NAMES) {
      const ours = name.split(" → ")[1];
      if (ours !== undefined && name.startsWith("Configure Settings")) expect(exact, name).toContain(ours);
    }
  });

  it("every setting it names in code is one the system registers", () => {
    harness.reset();
    registerSettings();
    registerUmpiresSetting();
    registerTeamsSetting();
    registerTakenSetting();
    const keys = new Set(harness.settingsRegistered.map((s) => s.key));
    const named = [...guide.matchAll(/`(\w+)` setting|setting `(\w+)`/g)].map((m) => m[1] ?? m[2]!);
    expect(named.length).toBeGreaterThan(0);
    for (const key of named) expect(keys, key).toContain(key);
  });
});
