/**
 * The Resupply entry card folds each HQ's units (issue #20: a stage card stays small at 400 units):
 * the summary line counts them, and opening the list writes it from the world as it is then.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { loadActors } from "../../harness/actors";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { resupplyEntryView } from "../../../src/apps/land/resupply/entry-view";
import { resupplyUnitLines } from "../../../src/apps/land/entries";
import { wireInformationCard } from "../../../src/apps/land/register";
import { smallMap } from "../../map/fixture";
import { at, field, i18n, specs } from "./fixture";

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  loadActors(specs(), at);
  harness.setSceneFlag("terrain", smallMap());
});

/** A `<details>` as the card's folded list: opening it fires "toggle"; what is appended is kept. */
function foldedList(hq: string) {
  const listeners: (() => void)[] = [];
  const appended: { tag: string; children: { textContent: string }[] }[] = [];
  const details = {
    open: false,
    dataset: { nobcLandList: "resupply", hq },
    ownerDocument: {
      createElement: (tag: string) => {
        const node = {
          tag,
          textContent: "",
          children: [] as { textContent: string }[],
          append: (...n: { textContent: string }[]) => node.children.push(...n),
        };
        return node;
      },
    },
    addEventListener: (_type: string, fn: () => void) => void listeners.push(fn),
    append: (node: (typeof appended)[number]) => void appended.push(node),
    toggle: () => {
      details.open = !details.open;
      listeners.forEach((fn) => fn());
    },
  };
  return { details, appended };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe("the Resupply entry card", () => {
  it("sums up each HQ's units in a line", () => {
    expect(resupplyEntryView(field(), i18n).hqs.map((h) => [h.name, h.unitsText])).toEqual([
      ["I Corps", 'NOBC.Land.Resupply.MayResupply.other {"count":"2"}'],
      ["1 GTA", 'NOBC.Land.Resupply.MayResupply.other {"count":"3"}'],
    ]);
  });

  it("writes the folded list of an HQ's units when it is first opened, once", async () => {
    const { details, appended } = foldedList("Actor.h1");
    const html = { querySelectorAll: (sel: string) => (sel.startsWith("details") ? [details] : []) } as unknown as HTMLElement;
    wireInformationCard({ flags: { nobc: { landInfo: "resupply" } }, author: "gm" }, html);
    expect(appended).toEqual([]);
    details.toggle();
    await settle();
    expect(appended.map((ul) => ul.children.map((li) => li.textContent))).toEqual([resupplyUnitLines("Actor.h1")]);
    expect(resupplyUnitLines("Actor.h1")).toEqual([
      'PzBrig 1: NOBC.Land.SupplyShort {"sp":"1"}, NOBC.Land.Resupply.MayTake {"room":"1"}',
      'PzGrenBrig 3: NOBC.Land.SupplyShort {"sp":"0"}, NOBC.Land.Resupply.MayTake {"room":"2"}',
    ]);
    details.toggle();
    details.toggle();
    await settle();
    expect(appended).toHaveLength(1);
    expect(resupplyUnitLines("Actor.nothing")).toEqual([]);
  });
});
