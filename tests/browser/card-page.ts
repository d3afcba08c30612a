/// <reference types="vite/client" />
/**
 * The page of the Movement card measure (./movement-card.test.ts), bundled for Chromium: the
 * Foundry stand-in of the tests, the real templates and English words, and the system's own code.
 * `window.nobcCard.post(units)` enters the Movement stage on a world of that many units (as the
 * active GM's tracker does) and keeps the card; `render()` then shows it as a client's chat log
 * does on each render: the stored content into a fresh message element, the system's
 * `renderChatMessageHTML` work (`decorateCard`), then a layout, and gives the milliseconds taken.
 */
import "../harness/install-globals";
import "../harness/system-models";
import { chatFake } from "../harness/chat-fake";
import { harness } from "../harness/foundry";
import { createHandlebars, registerPartials } from "../harness/handlebars-helpers";
import en from "../../lang/en.json";
import { advanceTurn, type TurnCombat } from "../../src/combat/advance";
import { registerSettings } from "../../src/base/settings";
import { decorateCard } from "../../src/queries/card-controls";
import { turn } from "../../src/rules/index";
import { stageWorld } from "../chat/stage-world";

type Raw = Record<string, unknown>;

const sources = import.meta.glob<string>("../../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });
const byPath = Object.fromEntries(
  Object.entries(sources).map(([file, src]) => [file.replace("../../templates/", "systems/nobc/templates/"), src]),
);
const words = createHandlebars(en);
registerPartials(words.hbs, Object.fromEntries(Object.entries(byPath).filter(([p]) => p.includes("/parts/") || p.includes("/partials/"))));

const g = globalThis as unknown as { game: Raw; foundry: { applications: { handlebars: Raw } } };

class Combat implements TurnCombat {
  readonly type = "nobcTurn";
  constructor(public system: Raw) {}
  async update(data: Raw): Promise<this> {
    this.system = { ...this.system, ...(data["system"] as Raw) };
    return this;
  }
}

type Message = Parameters<typeof decorateCard>[0] & { content: string };
let message: Message | undefined;

async function post(units: number): Promise<{ effects: number; contentBytes: number; systemBytes: number }> {
  harness.reset();
  chatFake.reset();
  registerSettings();
  g.game["actors"] = stageWorld(units).all;
  g.game["i18n"] = words;
  g.foundry.applications.handlebars["renderTemplate"] = async (file: string, data: object) => {
    const source = byPath[file];
    if (source === undefined) throw new Error(`no template ${file}`);
    return words.hbs.compile(source)(data);
  };
  const result = await advanceTurn(new Combat({ turn: 3, stage: turn.stageIndex("movement") - 1, planningEndsAt: null }));
  if (!result.ok) throw new Error(`the Movement stage was not entered: ${result.reason}`);
  const posted = [...chatFake.messages.values()][0];
  if (posted === undefined) throw new Error("no card was posted");
  message = posted;
  const system = posted.system;
  return {
    effects: (system["effects"] as unknown[]).length,
    contentBytes: new TextEncoder().encode(posted.content).length,
    systemBytes: new TextEncoder().encode(JSON.stringify(system)).length,
  };
}

/** Shows the card once more, as a fresh chat message element, and gives the time to its first layout. */
function render(): number {
  if (message === undefined) throw new Error("post a card first");
  const log = document.getElementById("chat-log")!;
  log.replaceChildren();
  const start = performance.now();
  const li = document.createElement("li");
  li.className = "chat-message message";
  li.innerHTML = `<div class="message-content">${message.content}</div>`;
  decorateCard(message, li);
  log.append(li);
  // Reading a size makes the browser lay the page out now, inside the measure.
  const height = li.getBoundingClientRect().height;
  return height >= 0 ? performance.now() - start : Number.NaN;
}

/** What the rendered card shows: its list items, and whether the per-unit list (in its changes section) is folded away. */
function shown(): { items: number; folded: number; summary: string } {
  const card = document.querySelector("#chat-log .nobc-resolution-card")!;
  const folds = [...card.querySelectorAll<HTMLDetailsElement>(".card-changes details")];
  return {
    items: card.querySelectorAll(".card-changes li").length,
    folded: folds.filter((d) => !d.open).length,
    summary: folds.map((d) => d.querySelector("summary")?.textContent ?? "").join(" | "),
  };
}

/** Opens the folded list (as a click on its summary does) and gives the list items then shown. */
async function open(): Promise<number> {
  for (const d of document.querySelectorAll<HTMLDetailsElement>("#chat-log details")) d.open = true;
  await new Promise((r) => setTimeout(r, 50));
  return document.querySelectorAll("#chat-log .card-changes li").length;
}

(window as unknown as { nobcCard: object }).nobcCard = { post, render, shown, open };
