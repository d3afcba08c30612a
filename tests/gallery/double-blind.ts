/**
 * Gallery entries of one double-blind moment (issue #30): turn 2 of a game on the 4 × 3 test map, after a
 * turn-1 combat identified the Guards tank division and the armoured brigade to each other, and contact has
 * been read again. Nothing is drawn by hand: the knowledge comes from the rules (`learnFromCombat`,
 * `observeContacts`, `expireKnowledge`), each side's board from the team scenes' own code (`sideView`,
 * `wantedMirrors`, `wantedMarkers`, the token diff against an empty scene, `teamMapState`), the counters
 * from the canvas's counter drawing, the cards from the side-card code (`sideCardView`, `sideCardContext`)
 * and Control's from the resolution card's, the tracker from its own context functions with each audience.
 *
 * The entries: NATO's team scene, the Warsaw Pact's and Control's master scene; the ground combat the Warsaw
 * Pact then attacks with (its support card against NATO's CAS) as each team's card and as Control's; the
 * tracker's HQs and "who has acted" as a NATO player and as Control.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { smallMap } from "../map/fixture";
import { mapView } from "../../src/map/rules-view";
import { mapStateOverlay, terrainOverlay } from "../../src/map/overlay";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { boardPreviewContext, type BoardPreviewContext } from "../../src/view/board-preview";
import { counterSvg, fitLine, type CounterFace } from "../../src/symbols/counter";
import { unitSymbolSvg } from "../../src/symbols/unit-symbol";
import { counterWords } from "../../src/view/counter";
import { teamBoardPreviewContext, type BoardViewer, type DrawnToken } from "../../src/canvas/team-board-preview";
import { land } from "../../src/rules/index";
import { scriptedDice } from "../../src/rules/dice";
import { unwrap } from "../../src/rules/resolution";
import type { GroundCombatInput } from "../../src/rules/nobc/land/combat";
import type { LandHq, LandUnit, Side, SupportCard } from "../../src/rules/nobc/land/types";
import { emptyKnowledge, piecesOf, type Knowledge, type Piece } from "../../src/rules/nobc/knowledge/types";
import { expireKnowledge, learnFromCombat } from "../../src/rules/nobc/knowledge/learn";
import { observeContacts } from "../../src/rules/nobc/knowledge/contact";
import { bothViews, type SideView } from "../../src/rules/nobc/knowledge/view";
import { gridAdjacency, hexAdjacency } from "../../src/effects/families/knowledge";
import { wantedMarkers, wantedMirrors, type MasterToken, type MirroredActor } from "../../src/team-scenes/want";
import { diffTokens } from "../../src/team-scenes/diff";
import { teamMapState } from "../../src/team-scenes/map-state";
import { MAP_STATE_FORMAT, mapStateView, type MapStateFlag } from "../../src/map/map-state";
import { sideCardView, type SideDoc } from "../../src/chat/side-card";
import { sideCardContext } from "../../src/chat/side-card-context";
import { groundCombatText } from "../../src/chat/ground-combat-text";
import { cardInputOf, resolutionCardContext } from "../../src/chat/context";
import { planEffects, type DocumentSnapshot } from "../../src/effects/apply";
import { hqListContext } from "../../src/combat/tracker";
import { trackerAudience } from "../../src/combat/tracker-audience";
import { readinessView } from "../../src/combat/readiness";
import { readinessPanelContext } from "../../src/combat/readiness-panel";
import { hqRow } from "../combat/fixtures";
import { withNames } from "../../src/words/phrase";
import { markerContactCount, markerCounterFace } from "../../src/token/counter-face";
import { contactSvg } from "../../src/symbols/contact";

const contactSources = import.meta.glob<string>("../../assets/icons/contact.svg", { query: "?raw", import: "default", eager: true });
/** The contact marker's image, as the team scenes' markers carry it (src/team-scenes/want.ts `CONTACT_IMG`). */
const CONTACT_SVG = Object.values(contactSources)[0]!;

const map = smallMap();
const view = mapView(map);
const SIZE = map.hexSize;

const unit = (id: string, side: Side, name: string, extra: Partial<LandUnit>): LandUnit => ({
  id,
  side,
  name,
  size: "brigade",
  arm: "armour",
  mode: "combat",
  supply: 1,
  strength: 3,
  nationality: side === "nato" ? "US" : "SU",
  hex: "",
  ...extra,
});

/** The units, where they stand in turn 2. */
const U = {
  bde: unit("Actor.bde", "nato", "2nd Bde, 3rd Armd Div", { strength: 3, hex: "0202" }),
  acr: unit("Actor.acr", "nato", "11th Armd Cav Regt", { arm: "recce", strength: 3, hex: "0202" }),
  art: unit("Actor.art", "nato", "210th FA Bde", { arm: "artillery", mode: "march", strength: 2, hex: "0102" }),
  gds: unit("Actor.gds", "wp", "1st Gds Tank Div", { size: "division", strength: 6, hex: "0302" }),
  mr: unit("Actor.mr", "wp", "35th MR Div", { size: "division", arm: "motorRifle", strength: 4, hex: "0303" }),
  arty: unit("Actor.arty", "wp", "34th Gds Art Div", { size: "division", arm: "artillery", mode: "march", strength: 5, hex: "0403" }),
} as const;
/** Full strength of each unit (the counters' "current / full"). */
const FULL: Readonly<Record<string, number>> = { bde: 4, acr: 3, art: 2, gds: 8, mr: 4, arty: 5 };

const hq = (id: string, side: Side, name: string, echelon: LandHq["echelon"], hex: string): LandHq => ({
  id,
  side,
  name,
  echelon,
  level: 3,
  maxLevel: 4,
  radius: 4,
  nationality: side === "nato" ? "US" : "SU",
  hex,
  mayRecover: true,
});
const HQS = {
  corps: hq("Actor.vcorps", "nato", "V (US) Corps", "corps", "0101"),
  army: hq("Actor.gdsarmy", "wp", "8th Guards Army", "army", "0401"),
} as const;

/** The master scene's map state: a minefield of each side where the enemy stands next to it, and one the enemy has not found. */
const MASTER_MAP_STATE: MapStateFlag = {
  format: MAP_STATE_FORMAT,
  mines: { "0203": { side: "wp" }, "0402": { side: "wp" }, "0201": { side: "nato" } },
  contaminated: {},
  destroyedBridges: {},
  cutAutobahn: {},
  engineersLeft: {},
};

const pieces: Piece[] = piecesOf(Object.values(U), Object.values(HQS));

/**
 * What each side knows in turn 2: the turn-1 combat in 0202 (the Guards division against the armoured brigade,
 * from 0302) identified both to the other with the strength it left; then both sides read contact where the
 * pieces stand now, and what was not seen again lapsed (the default reading: an entry lasts its turn).
 */
function knowledgeNow(): Knowledge {
  const turn1 = learnFromCombat({
    knowledge: emptyKnowledge(),
    fought: pieces.filter((p) => p.id === U.gds.id || p.id === U.bde.id),
    turn: 1,
  });
  const seen = observeContacts({ knowledge: turn1.knowledge, pieces, adjacency: gridAdjacency(pieces), turn: 2 });
  return expireKnowledge(seen.knowledge, 2).knowledge;
}

const knowledge = knowledgeNow();
const views: Record<Side, SideView> = bothViews(pieces, knowledge);
/** The same views in a world that shows counts (setting *Double-blind: contacts show a count*). */
const countedViews: Record<Side, SideView> = bothViews(pieces, knowledge, { contactShowsCount: true });

/** The master scene's tokens: one a piece, at the top-left corner of its hex's grid space (as Foundry places a 1 × 1 token). */
const place = (hex: string) => {
  const c = hexCentre(offsetOf(hex), SIZE);
  return { x: c.x - SIZE / 2, y: c.y - SIZE / 2 };
};
const masterTokens: MasterToken[] = pieces.map((p) => ({
  id: `tok-${p.id.slice(6)}`,
  name: p.face.name,
  actorId: p.id.slice(6),
  ...place(p.hex),
  width: 1,
  height: 1,
  hidden: false,
  img: null,
}));
const actorTypes = new Map<string, MirroredActor>(pieces.map((p) => [p.id.slice(6), { type: p.face.kind, side: p.side }]));
const unitById = new Map<string, LandUnit>(Object.values(U).map((u) => [u.id.slice(6), u]));
const hqById = new Map<string, LandHq>(Object.values(HQS).map((h) => [h.id.slice(6), h]));

/** A unit's counter as a member of its side (or Control) reads it: strength and mode shown (src/token/counter-face.ts). */
function ownCounter(u: LandUnit, i18n: Translator): string {
  const face: CounterFace = {
    side: u.side,
    arm: u.arm,
    size: u.size,
    designation: u.name,
    strength: { value: u.strength, max: FULL[u.id.slice(6)]! },
    mode: u.arm === "artillery" ? "march" : u.mode,
    noMove: false,
  };
  return counterSvg(face, counterWords(face, i18n), SIZE);
}

/** A symbol drawn whole into a token's box, as the canvas shows a token by its image (an HQ, an identified marker). */
const imageOf = (svg: string) => svg.replace(/^<svg /, `<svg width="${SIZE}" height="${SIZE}" `).replace(/ width="200" height="200"/, "");

/** A token row as the team scene's diff creates it, drawn as the canvas draws that token. */
function drawRow(row: Record<string, unknown>, i18n: Translator): DrawnToken {
  const x = row["x"] as number;
  const y = row["y"] as number;
  const flags = (row["flags"] as { nobc?: { marker?: Record<string, unknown> } } | undefined)?.nobc;
  const marker = flags?.marker;
  if (marker === undefined) return { x, y, svg: drawPiece(row["actorId"] as string, i18n) };
  if (marker["kind"] === "contact") {
    // A counted contact is drawn by the canvas (src/canvas/counter-tokens.ts); a plain one shows its image.
    const count = markerContactCount(marker);
    const label = i18n.format("NOBC.TeamScenes.ContactCount", { count: String(count) });
    return { x, y, svg: count === null ? imageOf(CONTACT_SVG) : contactSvg(count, label, SIZE) };
  }
  // An identified enemy unit: the canvas draws its counter from the marker's flag (src/canvas/counter-tokens.ts);
  // an identified HQ shows its image, the symbol of its face.
  const enemy = row["enemy"] as Side;
  const counter = markerCounterFace(marker, enemy);
  if (counter !== null) return { x, y, svg: counterSvg(counter, counterWords(counter, i18n), SIZE) };
  const face = marker["face"] as { echelon: LandHq["echelon"] };
  return { x, y, svg: imageOf(unitSymbolSvg(enemy, "hq", face.echelon)) };
}

/** A master piece's token (a mirror's actor): a unit's counter, an HQ's symbol. */
function drawPiece(actorId: string, i18n: Translator): string {
  const u = unitById.get(actorId);
  if (u !== undefined) return ownCounter(u, i18n);
  const h = hqById.get(actorId)!;
  return imageOf(unitSymbolSvg(h.side, "hq", h.echelon));
}

const OTHER: Readonly<Record<Side, Side>> = { nato: "wp", wp: "nato" };

/** The tokens side `side`'s team scene is made with: the diff of what it wants against an empty scene, drawn. */
function teamTokens(side: Side, i18n: Translator, counted = false): DrawnToken[] {
  const placer = (hex: string) => place(hex);
  const mirrors = diffTokens(wantedMirrors(masterTokens, actorTypes, side), [], "flags.nobc.mirror").create;
  const markers = diffTokens(
    wantedMarkers((counted ? countedViews : views)[side].markers, side, placer, { contact: i18n.localize("NOBC.TeamScenes.Contact") }),
    [],
    "flags.nobc.marker",
  ).create;
  return [...mirrors, ...markers.map((m) => ({ ...m, enemy: OTHER[side] }))].map((row) => drawRow(row, i18n));
}

/** Every piece of the master scene, as Control sees it. */
const masterDrawn = (i18n: Translator): DrawnToken[] => masterTokens.map((t) => ({ x: t.x, y: t.y, svg: drawPiece(t.actorId!, i18n) }));

/** The hexes a side's pieces stand in or next to, where it finds the enemy's minefields (as the sync reads them). */
function watchedBy(side: Side): Set<string> {
  const adjacency = hexAdjacency(pieces.map((p) => p.hex));
  const out = new Set<string>();
  for (const p of pieces) {
    if (p.side !== side) continue;
    out.add(p.hex);
    for (const n of adjacency[p.hex] ?? []) out.add(n);
  }
  return out;
}

/** The board as `viewer` sees it, with its legend: what its tokens mean, then the map state's lines. */
function boardContext(viewer: BoardViewer, i18n: Translator, counted = false): BoardPreviewContext {
  const state = viewer === "control" ? MASTER_MAP_STATE : teamMapState(MASTER_MAP_STATE, null, viewer, watchedBy(viewer))!;
  const groups = [...terrainOverlay(view, SIZE, { fillAlpha: 1 }), ...mapStateOverlay(mapStateView(state), SIZE, view)];
  const tokens = viewer === "control" ? masterDrawn(i18n) : teamTokens(viewer, i18n, counted);
  const { legend } = boardPreviewContext(view, groups, SIZE, "mapState", i18n);
  return teamBoardPreviewContext(viewer, groups, tokens, map, SIZE, legend, i18n, counted);
}

// ----- The turn-2 ground combat: the Guards and the motor rifles attack 0202, with a card of 8th Guards Army against V Corps' CAS.

const tankReserve: SupportCard = { id: "Actor.gdsarmy.Item.res1", side: "wp", category: "combatModifier", value: 2, hq: HQS.army.id };
const cas = { id: "Actor.f16", name: "F-16 Wing", side: "nato" as const, value: 1 };
const combatInput: GroundCombatInput = {
  attackerSide: "wp",
  target: "0202",
  terrain: ["clear"],
  minefield: false,
  units: Object.values(U),
  adjacency: hexAdjacency(["0202", "0302", "0303"]),
  attackers: [U.gds.id, U.mr.id],
  support: [
    { hq: HQS.army, distance: 2, cards: [tankReserve] },
    { hq: HQS.corps, distance: 1, cas: [cas] },
  ],
};
const combatPlan = unwrap(land.planGroundCombat(combatInput));
const combat = unwrap(land.groundCombat(combatInput, scriptedDice([4])));

const docs: SideDoc[] = [
  ...pieces.map((p): SideDoc => ({ ref: p.id, side: p.side, name: p.face.name, kind: "piece" })),
  { ref: tankReserve.id, side: "wp", name: "Tank Reserve", kind: "card" },
  { ref: cas.id, side: "nato", name: cas.name, kind: "squadron" },
];
const names = new Map(docs.map((d) => [d.ref, d.name]));

function combatTitle(i18n: Translator): string {
  return i18n.format("NOBC.GroundCombat.CardTitle", { hex: "0202" });
}

/** Side `side`'s card of the combat, as posted (before Control applies it), with what the side knows now. */
function sideCard(side: Side, i18n: Translator): FixtureSheet {
  const text = groundCombatText({ plan: combatPlan, outcome: combat.outcome }, i18n);
  const cardView = sideCardView(
    {
      title: combatTitle(i18n),
      breakdown: combat.breakdown,
      rolls: combat.rolls,
      tableRow: text.tableRow,
      effects: combat.effects,
      groundCombat: { plan: combatPlan, outcome: combat.outcome },
      acting: "wp",
    },
    side,
    views[side].enemies,
    docs,
    i18n,
  );
  return {
    id: `blind-card-${side}`,
    title: `Double-blind: ${side === "nato" ? "NATO" : "WP"} team's card`,
    template: "chat/side-card.hbs",
    classes: "chat-card",
    context: sideCardContext({ side, link: "gallery", state: "pending", view: cardView }, i18n),
  };
}

const snapshots = new Map<string, DocumentSnapshot>([
  [cas.id, { uuid: cas.id, id: cas.id.slice(6), documentName: "Actor", type: "airSquadron", name: cas.name, system: { box: "ready" } }],
  ...Object.values(U).map((u): [string, DocumentSnapshot] => [
    u.id,
    {
      uuid: u.id,
      id: u.id.slice(6),
      documentName: "Actor",
      type: "unit",
      name: u.name,
      system: { strength: { value: u.strength, max: FULL[u.id.slice(6)]! }, supply: u.supply, size: u.size, arm: u.arm },
    },
  ]),
]);

/** Control's card of the same combat: the whole truth, with Apply (the GMs' card). */
function controlCard(i18n: Translator): FixtureSheet {
  const notes = planEffects(combat.effects, (uuid) => snapshots.get(uuid)).notes;
  const input = cardInputOf(
    {
      effects: combat.effects,
      state: "pending",
      display: {
        title: combatTitle(i18n),
        inputs: [
          { label: i18n.localize("NOBC.GroundCombat.Attackers"), value: `${U.gds.name}, ${U.mr.name}` },
          { label: i18n.localize("NOBC.GroundCombat.Target"), value: `0202: ${U.bde.name}, ${U.acr.name}` },
        ],
        breakdown: combat.breakdown,
        rolls: combat.rolls,
        ...groundCombatText({ plan: combatPlan, outcome: combat.outcome }, i18n),
      },
      groundCombat: { plan: combatPlan, outcome: combat.outcome, splits: {} },
    },
    notes,
  );
  return {
    id: "blind-card-control",
    title: "Double-blind: Control's card",
    template: "chat/resolution-card.hbs",
    classes: "chat-card",
    // As the chat renders it (src/chat/render.ts): the breakdown's documents by their names.
    context: resolutionCardContext(input, (ref) => names.get(ref) ?? ref, withNames(i18n, names)),
  };
}

// ----- The tracker: two HQs a side, NATO's player and Control.

const trackerHqs = [
  hqRow(HQS.corps.name, "nato", { initiative: true, cards: 3 }),
  hqRow("I (BR) Corps", "nato", { level: { value: 2, max: 4 }, radius: 3, cards: 1 }),
  hqRow(HQS.army.name, "wp", { level: { value: 4, max: 5 }, radius: 5, cards: 4 }),
  hqRow("3rd Shock Army", "wp", { cards: 2 }),
];
const readyHqs = trackerHqs.map((h) => ({ uuid: h.uuid, name: h.name, side: h.side }));
const ready = (mayMark: (mark: string) => boolean) =>
  readinessView({
    stage: "orders",
    hqs: readyHqs,
    marks: ["wp"],
    posted: new Set([readyHqs[0]!.uuid, readyHqs[2]!.uuid]),
    players: new Map(readyHqs.map((h, i) => [h.uuid, [`Player ${String(i + 1)}`]])),
    mayMark,
  });
const natoAudience = trackerAudience("doubleBlind", false, ["nato"]);
const controlAudience = trackerAudience("doubleBlind", true, []);

/** What the entries are built from (the pseudo-locale test reads the names in it). */
export const doubleBlindFixtureData: readonly unknown[] = [
  map,
  Object.values(U).map((u) => ({ name: u.name })),
  // The designations as the counters print them, fitted to their width (src/symbols/counter.ts).
  Object.values(U).map((u) => ({ name: fitLine(u.name, 92, 19, 13).text })),
  Object.values(HQS).map((h) => ({ name: h.name })),
  trackerHqs.map((h) => ({ name: h.name })),
  readyHqs.map((_, i) => ({ name: `Player ${String(i + 1)}` })),
  { name: "Tank Reserve" },
  { name: cas.name },
];

const board = "application nobc nobc-board";

/** The double-blind entries, worded by `i18n`. */
export const doubleBlindGallery = (i18n: Translator): FixtureSheet[] => [
  {
    id: "blind-board-nato",
    title: "Double-blind: NATO's team scene in turn 2 (its counters, a contact, an identified enemy, a found minefield)",
    template: "apps/board-preview.hbs",
    classes: board,
    context: boardContext("nato", i18n),
  },
  {
    id: "blind-board-wp",
    title: "Double-blind: the Warsaw Pact's team scene at the same moment",
    template: "apps/board-preview.hbs",
    classes: board,
    context: boardContext("wp", i18n),
  },
  {
    id: "blind-board-wp-count",
    title: "Double-blind: the Warsaw Pact's team scene where contacts show a count",
    template: "apps/board-preview.hbs",
    classes: board,
    context: boardContext("wp", i18n, true),
  },
  {
    id: "blind-board-control",
    title: "Double-blind: Control's master scene at the same moment (the truth)",
    template: "apps/board-preview.hbs",
    classes: board,
    context: boardContext("control", i18n),
  },
  sideCard("nato", i18n),
  sideCard("wp", i18n),
  controlCard(i18n),
  {
    id: "blind-tracker-nato-hqs",
    title: "Double-blind: HQs, NATO player",
    template: "combat/hqs.hbs",
    classes: "tracker",
    context: { nobc: hqListContext(trackerHqs, 0, false, natoAudience) },
  },
  {
    id: "blind-tracker-nato-ready",
    title: "Double-blind: who has acted, NATO",
    template: "combat/readiness.hbs",
    classes: "tracker",
    context: {
      nobc: readinessPanelContext(
        ready((m) => m === "nato" || readyHqs.some((h) => h.side === "nato" && h.uuid === m)),
        [],
        readyHqs,
        false,
        false,
        true,
        natoAudience,
      ),
    },
  },
  {
    id: "blind-tracker-control-hqs",
    title: "Double-blind: HQs, Control",
    template: "combat/hqs.hbs",
    classes: "tracker",
    context: { nobc: hqListContext(trackerHqs, 0, true, controlAudience) },
  },
  {
    id: "blind-tracker-control-ready",
    title: "Double-blind: who has acted, Control",
    template: "combat/readiness.hbs",
    classes: "tracker",
    context: {
      nobc: readinessPanelContext(
        ready(() => true),
        [],
        readyHqs,
        true,
        false,
        true,
        controlAudience,
      ),
    },
  },
];
