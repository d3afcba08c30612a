/**
 * Issue #21, 3: a card's title states the outcome. For every kind of card the system posts, the
 * headline its poster writes (the same function, or the same key and data the poster's own test
 * pins) is rendered through the real card template with real Handlebars, in English and German:
 * the <h3> names who and what (units by name, numbers, the result) and the procedure's name sits
 * above it as the kicker.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, registerPartials, type Lang } from "../harness/handlebars-helpers";
import { changesHeadline, resolutionCardContext } from "../../src/chat/context";
import { groundCombatText } from "../../src/chat/ground-combat-text";
import { phrase, type Phrase } from "../../src/rules/resolution";
import { speak } from "../../src/words/phrase";
import type { Translator } from "../../src/view/breakdown";
import { modeOutcome } from "../../src/apps/land/mode/state";
import { allocationOutcome } from "../../src/apps/air/battle/allocation/state";
import { statusText } from "../../src/apps/air/battle/sorties/state";
import type { LandUnit } from "../../src/rules/nobc/land/types";
import { GALLERY_REFS as R, NAMES, resolveCombat } from "./combat-fixture";

const repo = resolve(__dirname, "../..");
const parts = readdirSync(resolve(repo, "templates/chat/parts")).map((f) => `systems/nobc/templates/chat/parts/${f}`);
const source = (path: string) => readFileSync(resolve(repo, "templates", path), "utf8");

function env(language: "en" | "de") {
  const lang = JSON.parse(readFileSync(resolve(repo, `lang/${language}.json`), "utf8")) as Lang;
  const e = createHandlebars(lang, language);
  registerPartials(e.hbs, Object.fromEntries(parts.map((p) => [p, readFileSync(resolve(repo, p.replace("systems/nobc/", "")), "utf8")])));
  return e;
}

const unit = (name: string) => ({ name }) as LandUnit;

/** One kind of card: its procedure's name (the kicker) and its headline, both as its poster words them. */
interface Kind {
  readonly kind: string;
  readonly kicker: Phrase;
  readonly headline: (i18n: Translator) => string;
  /** What the headline must say, per language. */
  readonly says: Readonly<Record<"en" | "de", readonly string[]>>;
}

const say = (p: Phrase) => (i18n: Translator) => speak(p, i18n);

const KINDS: readonly Kind[] = [
  {
    kind: "ground combat, a retreat",
    kicker: phrase("NOBC.GroundCombat.CardTitle", { hex: "0405" }),
    headline: (i18n) => {
      const c = resolveCombat(R, 6);
      const retreating = { ...c.outcome, result: { ...c.outcome.result, id: "success" as const, retreat: 1 } };
      return groundCombatText({ plan: c.plan, outcome: retreating }, i18n).outcome;
    },
    // The defenders' 3 shared hits less the artillery's dropped share: the 2 the body shares out (issue #36).
    says: {
      en: [`Success: ${NAMES.bde}, ${NAMES.acr} retreat 1 hex — attackers 3 hits each, defenders 2 hits shared`],
      de: [`Erfolg: ${NAMES.bde}, ${NAMES.acr} weichen 1 Hexfeld zurück — Angreifer je 3 Treffer, Verteidiger 2 Treffer geteilt`],
    },
  },
  {
    kind: "ground combat, the defenders hold",
    kicker: phrase("NOBC.GroundCombat.CardTitle", { hex: "0405" }),
    headline: (i18n) => groundCombatText(resolveCombat(R, 3), i18n).outcome,
    says: {
      en: [`Attack beaten off: ${NAMES.bde}, ${NAMES.acr} hold — attackers 3 hits shared, defenders 2 hits shared`],
      de: [`Angriff abgewiesen: ${NAMES.bde}, ${NAMES.acr} halten stand`],
    },
  },
  {
    kind: "overrun",
    kicker: phrase("NOBC.Overrun.Title", { unit: "4 PzGrenBrig", hex: "0805" }),
    headline: say(phrase("NOBC.Overrun.Outcome.overrun", { unit: "4 PzGrenBrig", defenders: "2 MRB", hex: "0805", mp: 2, count: 1 })),
    says: { en: ["4 PzGrenBrig overruns 2 MRB in 0805", "1 hit"], de: ["4 PzGrenBrig überrennt 2 MRB in 0805", "1 Treffer"] },
  },
  {
    kind: "movement",
    kicker: phrase("NOBC.Move.Card.Title", { unit: "36 PzBrig" }),
    headline: say(phrase("NOBC.Move.Card.Outcome", { unit: "36 PzBrig", from: "0202", to: "0204", spent: 2, left: 2 })),
    says: { en: ["36 PzBrig: 0202 → 0204, 2 MP spent"], de: ["36 PzBrig: 0202 → 0204, 2 BP verbraucht"] },
  },
  {
    kind: "retreat",
    kicker: phrase("NOBC.Retreat.CardTitle", { units: "34 PzBrig" }),
    headline: say(phrase("NOBC.Retreat.Outcome.Short", { units: "34 PzBrig", count: 1 })),
    says: { en: ["34 PzBrig: the retreat ends 1 hex short"], de: ["34 PzBrig: der Rückzug endet 1 Hexfeld zu kurz"] },
  },
  {
    kind: "mode change",
    kicker: phrase("NOBC.Land.Mode.CardTitle", { units: "34 PzBrig, 1 MRR" }),
    headline: (i18n) =>
      modeOutcome(
        [
          { unit: unit("34 PzBrig"), mode: "combat" },
          { unit: unit("1 MRR"), mode: "march" },
        ],
        1,
        i18n,
      ),
    says: {
      en: ["34 PzBrig to Combat Mode, 1 MRR to March Mode: 1 SP spent"],
      de: ["34 PzBrig in den Kampfmodus, 1 MRR in den Marschmodus: 1 VP"],
    },
  },
  {
    kind: "orders",
    kicker: phrase("NOBC.Land.Orders.CardTitle", { hq: "I Corps" }),
    headline: say(phrase("NOBC.Land.Orders.Outcome", { sp: 2, mines: phrase("NOBC.Land.Orders.MinefieldsLaid", { count: 1 }) })),
    says: { en: ["2 SP spent on Combat Mode, 1 minefield laid"], de: ["2 VP für den Kampfmodus verbraucht, 1 Minenfeld gelegt"] },
  },
  {
    kind: "resupply",
    kicker: phrase("NOBC.Land.Resupply.CardTitle", { hq: "I Corps" }),
    headline: say(phrase("NOBC.Land.Resupply.Outcome", { count: 3, left: 1 })),
    says: { en: ["3 counters handed out, 1 left"], de: ["3 Marker ausgegeben, 1 übrig"] },
  },
  {
    kind: "recovery",
    kicker: phrase("NOBC.Land.Recovery.CardTitle", { hq: "I Corps" }),
    headline: say(phrase("NOBC.Land.Recovery.Outcome", { count: 2, level: 4 })),
    says: { en: ["2 levels regained, now at 4"], de: ["2 Stufen zurückgewonnen, jetzt auf 4"] },
  },
  {
    kind: "bridge demolition",
    kicker: phrase("NOBC.Land.Demolition.CardTitle"),
    headline: say(phrase("NOBC.Land.Demolition.Outcome", { destroyed: 1, count: 2 })),
    says: { en: ["1 of 2 bridges destroyed"], de: ["1 von 2 Brücken zerstört"] },
  },
  {
    kind: "rear-area attack",
    kicker: phrase("NOBC.Land.Rear.CardTitle", { target: "3 Shock Army" }),
    headline: say(
      phrase("NOBC.Land.Rear.Outcome", {
        target: "3 Shock Army",
        score: 5,
        result: phrase("NOBC.Land.Rear.ResultHq", {
          boxes: phrase("NOBC.Land.Rear.Boxes", { count: 1 }),
          cards: phrase("NOBC.Land.Rear.Cards", { count: 2 }),
        }),
      }),
    ),
    says: { en: ["3 Shock Army: ", "(score 5)"], de: ["3 Shock Army: ", "(Wert 5)"] },
  },
  {
    kind: "support cards given up",
    kicker: phrase("NOBC.MapRules.CardLoss.CardTitle", { hq: "I Corps" }),
    headline: say(phrase("NOBC.MapRules.CardLoss.Outcome", { hq: "I Corps", count: 2 })),
    says: { en: ["I Corps gives up 2 support cards"], de: ["I Corps gibt 2 Unterstützungskarten ab"] },
  },
  {
    kind: "nuclear strike",
    kicker: phrase("NOBC.Land.Wmd.CardTitle.nuclear", { target: "0405" }),
    headline: say(phrase("NOBC.Land.Wmd.NuclearOutcome", { count: 3, target: "0405" })),
    says: { en: ["3 hits on every unit in 0405"], de: ["3 Treffer für jede Einheit in 0405"] },
  },
  {
    kind: "atomic demolition",
    kicker: phrase("NOBC.Land.Wmd.CardTitle.adm", { target: "Werra bridge" }),
    headline: say(phrase("NOBC.Land.Wmd.AdmOutcome", { target: "Werra bridge" })),
    says: { en: ["Destroyed: Werra bridge"], de: ["Zerstört: Werra bridge"] },
  },
  {
    kind: "entering a stage",
    kicker: phrase("NOBC.Turn.EntryTitle", { stage: phrase("NOBC.Turn.Stage.movement") }),
    headline: say(phrase("NOBC.Turn.EntryOutcome", { stage: phrase("NOBC.Turn.Stage.movement"), count: 12 })),
    says: { en: ["12 changes to apply"], de: ["12 Änderungen anzuwenden"] },
  },
  {
    kind: "CAS handed over",
    kicker: phrase("NOBC.AirMissions.HandOver.CardTitle"),
    headline: say(
      phrase("NOBC.AirMissions.HandOver.Outcome", {
        nato: phrase("NOBC.AirMissions.HandOver.Squadrons", { count: 2 }),
        wp: phrase("NOBC.AirMissions.HandOver.Squadrons", { count: 1 }),
      }),
    ),
    says: {
      en: ["NATO receives 2 squadrons, the Warsaw Pact 1 squadron"],
      de: ["Die NATO erhält 2 Staffeln, der Warschauer Pakt 1 Staffel"],
    },
  },
  {
    kind: "CAS back",
    kicker: phrase("NOBC.AirMissions.Return.CardTitle"),
    headline: say(phrase("NOBC.AirMissions.Return.Outcome", { count: 3 })),
    says: { en: ["3 squadrons go to the damaged box"], de: ["3 Staffeln kommen in das Feld „Beschädigt“"] },
  },
  {
    kind: "paradrop",
    kicker: phrase("NOBC.AirMissions.Paradrop.CardTitle", { name: "1/82 Abn Bde" }),
    headline: say(
      phrase("NOBC.AirMissions.Paradrop.Outcome", {
        name: "1/82 Abn Bde",
        result: phrase("NOBC.AirMissions.Paradrop.Result.heavyLoss"),
        roll: 1,
      }),
    ),
    says: { en: ["1/82 Abn Bde: Heavy loss (modified roll 1)"], de: ["1/82 Abn Bde: Schwere Verluste (modifizierter Wurf 1)"] },
  },
  {
    kind: "deep strike",
    kicker: phrase("NOBC.AirMissions.DeepStrike.CardTitle", { target: "Templin" }),
    headline: say(phrase("NOBC.AirMissions.DeepStrike.Outcome", { count: 4, target: "Templin" })),
    says: { en: ["4 hits on Templin"], de: ["4 Treffer auf Templin"] },
  },
  {
    kind: "aircraft repair",
    kicker: phrase("NOBC.AirMissions.Repair.CardTitle", { side: phrase("NOBC.Side.wp") }),
    headline: say(phrase("NOBC.AirMissions.Repair.Outcome", { repaired: 1, destroyed: 2 })),
    says: { en: ["1 repaired, 2 destroyed"], de: ["1 instand gesetzt, 2 zerstört"] },
  },
  {
    kind: "airfield overrun",
    kicker: phrase("NOBC.AirMissions.Overrun.CardTitle", { name: "Templin" }),
    headline: say(phrase("NOBC.AirMissions.Overrun.Outcome", { name: "Templin", count: 2 })),
    says: { en: ["Templin: 2 permanent hits"], de: ["Templin: 2 dauerhafte Treffer"] },
  },
  {
    kind: "air allocation",
    kicker: phrase("NOBC.AirBattle.Allocation.CardTitle", { side: phrase("NOBC.Side.nato"), zone: "2ATAF" }),
    headline: (i18n) =>
      allocationOutcome(
        [
          { squadron: "Actor.f15", box: "airSuperiority", targetZone: "2ATAF", distance: 0 },
          { squadron: "Actor.f16", box: "airSuperiority", targetZone: "2ATAF", distance: 0 },
          { squadron: "Actor.a10", box: "cas", targetZone: "2ATAF", distance: 0 },
        ],
        i18n,
      ),
    says: {
      en: ["3 squadrons sent out: Air superiority 2, Close air support 1"],
      de: ["3 Staffeln eingesetzt: Luftüberlegenheit 2"],
    },
  },
  {
    kind: "air line-up",
    kicker: phrase("NOBC.AirBattle.LineUp.CardComplete", { zone: "2ATAF" }),
    headline: say(phrase("NOBC.AirBattle.LineUp.OutcomeComplete", { count: 3 })),
    says: { en: ["Line-up complete: 3 bouts"], de: ["Aufstellung vollständig: 3 Duelle"] },
  },
  {
    kind: "air-to-air combat",
    kicker: phrase("NOBC.AirBattle.Combat.CardTitle", { zone: "2ATAF" }),
    headline: say(phrase("NOBC.AirBattle.Combat.Damaged", { names: "1/9 GIAP (MiG-23)" })),
    says: { en: ["Damaged: 1/9 GIAP (MiG-23)"], de: ["Beschädigt: 1/9 GIAP (MiG-23)"] },
  },
  {
    kind: "air superiority",
    kicker: phrase("NOBC.AirBattle.Superiority.CardTitle", { zone: "2ATAF" }),
    headline: (i18n) => statusText({ level: "superiority", winner: "nato", nato: 2, wp: 1 }, i18n),
    says: { en: ["NATO: ", "(2 NATO against 1"], de: ["NATO: ", "(2 NATO- gegen 1"] },
  },
  {
    kind: "sorties",
    kicker: phrase("NOBC.AirBattle.Sorties.CardTitle", { side: phrase("NOBC.Side.wp"), zone: "2ATAF" }),
    headline: say(
      phrase("NOBC.AirBattle.Sorties.Outcome", { flying: phrase("NOBC.AirBattle.Sorties.FlyCount", { count: 2 }), intercepted: 1 }),
    ),
    says: { en: ["2 fly, 1 intercepted"], de: ["2 fliegen, 1 abgefangen"] },
  },
  {
    kind: "air return",
    kicker: phrase("NOBC.AirBattle.Return.CardTitle", { zone: "2ATAF" }),
    headline: say(phrase("NOBC.AirBattle.Return.Outcome", { holding: 2, intercepted: 1 })),
    says: { en: ["2 to holding, 1 intercepted"], de: ["2 in den Warteraum, 1 abgefangen"] },
  },
  {
    kind: "a toolkit's result posted by a macro (no outcome in words)",
    kicker: phrase("NOBC.GroundCombat.CardTitle", { hex: "0405" }),
    headline: (i18n) =>
      changesHeadline(
        [
          { type: "hits", actor: "Actor.u1", amount: 2 },
          { type: "mode", actor: "Actor.u1", mode: "march" },
        ],
        (ref) => (ref === "Actor.u1" ? "34 PzBrig" : ref),
        i18n,
      ),
    says: { en: ["34 PzBrig", "2 hits", "and 1 more change"], de: ["34 PzBrig", "2 Treffer", "und 1 weitere Änderung"] },
  },
];

/** The text of the first element of `tag` with `cls` in `html`. */
function textOf(html: string, tag: string, cls: string): string | undefined {
  return new RegExp(`<${tag} class="${cls}">([^<]*)</${tag}>`)
    .exec(html)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

describe("a card's title states its outcome", () => {
  for (const language of ["en", "de"] as const) {
    const e = env(language);
    const card = e.hbs.compile(source("chat/resolution-card.hbs"));
    for (const k of KINDS) {
      it(`${k.kind} (${language})`, () => {
        const kicker = speak(k.kicker, e);
        const headline = k.headline(e);
        const html = card(
          resolutionCardContext({ title: kicker, outcome: headline, breakdown: [], rolls: [], effects: [], notes: [] }, String, e),
        );
        const title = textOf(html, "h3", "card-title");
        for (const words of k.says[language]) expect(title).toContain(words);
        expect(textOf(html, "p", "card-kicker")).toBe(kicker);
        expect(html.indexOf('class="card-kicker"')).toBeLessThan(html.indexOf('class="card-title"'));
        expect([...e.missing]).toEqual([]);
      });
    }

    it(`the end-of-Movement stacking card (${language})`, () => {
      const headline = speak(phrase("NOBC.MovementTurn.Stacking.Headline", { count: 2, hexes: "0203, 0407" }), e);
      const html = e.hbs.compile(source("chat/stacking-end.hbs"))({ turn: 2, headline, hexes: [] });
      expect(textOf(html, "h3", "card-title")).toBe(
        language === "en" ? "Stacking broken in 2 hexes: 0203, 0407" : "Stapelgrenze in 2 Hexfeldern überschritten: 0203, 0407",
      );
      expect(textOf(html, "p", "card-kicker")).toBe(
        language === "en" ? "End of Movement: stacking" : e.localize("NOBC.MovementTurn.Stacking.Title"),
      );
    });
  }

  it("a card posted with no outcome in words and no change is headed by its procedure, with no kicker", () => {
    const e = env("en");
    const html = e.hbs.compile(source("chat/resolution-card.hbs"))(
      resolutionCardContext({ title: "Recce", outcome: "", breakdown: [], rolls: [], effects: [], notes: [] }, String, e),
    );
    expect(textOf(html, "h3", "card-title")).toBe("Recce");
    expect(html).not.toContain("card-kicker");
  });
});
