/**
 * What the rear-area attack dialog shows: the targets, identification cards and strikes on offer,
 * the strikes before the die and what each die face would give. Pure.
 */
import { shownCitation } from "../../../view/citation";
import { scriptedDice } from "../../../rules/dice";
import { hqById, nameIn, sidesFor, terrainAt, unitById, type LandWorld } from "../world";
import { options, refusalLines, terrainText, type OptionView, type Translator } from "../view";
import { speak } from "../../../words/phrase";
import {
  identifiers,
  casSquadrons,
  strikeCards,
  chemicalCards,
  targets,
  rearAreaResolution,
  resultText,
  strikeKindOf,
  CONTACT_TARGET,
  type RearAreaState,
} from "./state";
import { isContactKey } from "../../../world/side-field";
import { SIDE_LABELS, categoryLabelKey } from "../../../view/labels";

/** The key of the rules' die-roll line: the strikes come before it. */
const DIE_ROLL_KEY = "NOBC.Rules.Land.RearArea.DieRoll";

export interface FaceRow {
  readonly face: number;
  readonly score: number;
  readonly result: string;
}

export interface RearAreaView {
  readonly sides: readonly OptionView[];
  readonly targets: readonly OptionView[];
  readonly targetTerrain: string;
  readonly ident: readonly (readonly OptionView[])[];
  readonly strikes: readonly {
    readonly id: string;
    readonly name: string;
    readonly kind: string;
    readonly value: number;
    readonly checked: boolean;
    readonly field: string;
    readonly chemField: string | null;
    readonly chemicals: readonly OptionView[];
  }[];
  readonly release: boolean;
  readonly needsRelease: boolean;
  readonly refusals: readonly string[];
  /** The target is a contact (double-blind): what the attack will find, in words; "" otherwise. */
  readonly contactNote: string;
  /** The strike lines before the die (label, value, source). */
  readonly lines: readonly { readonly label: string; readonly value: number; readonly source: string }[];
  /** What each die face would give. */
  readonly faces: readonly FaceRow[];
  readonly canPost: boolean;
}

export function rearAreaContext(world: LandWorld, state: RearAreaState, i18n: Translator): RearAreaView {
  const { field } = world;
  const none = i18n.localize("NOBC.Land.None");
  const targetList = targets(world, state.side);
  if (state.target !== "" && !targetList.some((t) => t.id === state.target)) {
    const chosen = hqById(field, state.target) ?? unitById(field, state.target);
    targetList.push({ id: state.target, name: chosen?.name ?? state.target, hex: chosen?.hex ?? "" });
  }
  const identOptions = identifiers(world, state.side).map(
    (c) => [c.id, `${nameIn(field, c.id)} (${i18n.localize(categoryLabelKey(c.category))})`] as const,
  );
  const chemicals = chemicalCards(world, state.side).map((c) => [c.id, nameIn(field, c.id)] as const);
  const strikeRows = [
    ...casSquadrons(world, state.side).map((s) => ({ id: s.id, name: s.name, kind: "NOBC.Land.Rear.Cas", value: s.cas, pairs: true })),
    ...strikeCards(world, state.side).map((c) => ({
      id: c.id,
      name: nameIn(field, c.id),
      kind: categoryLabelKey(c.category),
      value: c.value,
      pairs: strikeKindOf(c) === "ssm",
    })),
  ].map((s) => ({
    id: s.id,
    name: s.name,
    kind: s.kind,
    value: s.value,
    checked: s.id in state.strikes,
    field: `strike:${s.id}`,
    chemField: s.pairs && chemicals.length > 0 ? `chem:${s.id}` : null,
    chemicals: options([["", none], ...chemicals], state.strikes[s.id] ?? ""),
  }));
  const chosen = hqById(field, state.target) ?? unitById(field, state.target);
  const terrain = chosen === undefined ? undefined : terrainAt(field, chosen.hex);
  // The rules refuse before any die is drawn, so one probe run tells whether the attack stands.
  const probe = rearAreaResolution(world, state, scriptedDice([1]));
  // A contact aimed at (double-blind): nothing to price here; the rest of the attack is still checked.
  const blocking = probe.ok ? [] : probe.refusals.filter((r) => r.code !== CONTACT_TARGET);
  const aimsAtContact = !probe.ok && blocking.length < probe.refusals.length;
  const faces: FaceRow[] = [];
  let lines: RearAreaView["lines"] = [];
  if (probe.ok) {
    // The strikes come before the die in the breakdown; halving and doubling show in each face's score.
    const { breakdown } = probe.value;
    const die = breakdown.findIndex((l) => l.text.key === DIE_ROLL_KEY);
    lines = breakdown
      .slice(0, die < 0 ? breakdown.length : die)
      .map((l) => ({ label: speak(l.text, i18n), value: l.value, source: shownCitation(l.source, i18n) }));
    const kind = hqById(field, state.target) === undefined ? "unit" : "hq";
    for (let face = 1; face <= 6; face++) {
      const run = rearAreaResolution(world, state, scriptedDice([face]));
      if (run.ok) faces.push({ face, score: run.value.outcome.score, result: resultText(run.value.outcome, kind, i18n) });
    }
  }
  return {
    sides: options(
      sidesFor(world).map((s) => [s, i18n.localize(SIDE_LABELS[s])] as const),
      state.side,
    ),
    targets: options(
      [
        ["", none],
        ...targetList.map(
          (t) =>
            [
              t.id,
              isContactKey(t.id)
                ? i18n.format("NOBC.Land.Rear.ContactTarget", { hex: t.hex })
                : t.hex === ""
                  ? t.name
                  : `${t.name} (${t.hex})`,
            ] as const,
        ),
      ],
      state.target,
    ),
    targetTerrain: terrain === undefined ? "" : terrainText(terrain, i18n),
    ident: state.identification.map((id) => options([["", none], ...identOptions], id)),
    strikes: strikeRows,
    release: state.release,
    needsRelease: Object.values(state.strikes).some((c) => c !== ""),
    refusals: probe.ok ? [] : refusalLines(blocking, i18n),
    contactNote: aimsAtContact ? speak(probe.refusals.find((r) => r.code === CONTACT_TARGET)!.text, i18n) : "",
    lines,
    faces,
    canPost: probe.ok || (aimsAtContact && blocking.length === 0),
  };
}
