/**
 * Pieces every sheet context shares: the side banner, box tracks, select choices and the header.
 * Pure functions over plain data; templates localize the keys they return.
 */
import type { Side } from "../rules/nobc/land/types";
import { SIDE_LABELS } from "./labels";

/** One box of a track (strength, HQ level, air defence), numbered from 1. */
export interface TrackBox {
  readonly index: number;
  readonly filled: boolean;
}

export interface TrackContext {
  readonly value: number;
  readonly max: number;
  readonly boxes: readonly TrackBox[];
}

/**
 * Boxes for a value out of a maximum. Values outside 0..max (a half-migrated document) are
 * clamped so the sheet still draws; the data model is what keeps the stored value honest.
 */
export function track(value: number, max: number): TrackContext {
  const safeMax = Math.max(0, Math.floor(Number.isFinite(max) ? max : 0));
  const safeValue = Math.min(safeMax, Math.max(0, Math.floor(Number.isFinite(value) ? value : 0)));
  const boxes = Array.from({ length: safeMax }, (_, i) => ({ index: i + 1, filled: i < safeValue }));
  return { value: safeValue, max: safeMax, boxes };
}

export interface SideContext {
  readonly side: Side;
  readonly sideLabel: string;
  /** CSS class that colours the sheet: NATO blue or Warsaw Pact red. */
  readonly sideClass: string;
}

export function sideContext(side: Side): SideContext {
  return { side, sideLabel: SIDE_LABELS[side], sideClass: side === "nato" ? "side-nato" : "side-wp" };
}

/** Choices for the `selectOptions` helper: value to label key (localized by the helper). */
export type Choices = Readonly<Record<string, string>>;

/** A number with its sign, as printed on cards and in breakdowns ("+2", "−1", "0"). */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "0";
}

/** What every sheet's header needs from the document itself. */
export interface DocumentHeader {
  readonly name: string;
  readonly img: string;
  readonly uuid: string;
  readonly editable: boolean;
  /**
   * Whether the rules values may be edited here: a GM's editable sheet. A player's own sheet shows
   * them read-only (docs/authority.md, "Sheets"); its name, image and notes follow `editable`.
   */
  readonly rulesEditable: boolean;
}

/** The part every sheet's context opens with: side colours, then the document's own header. */
export function sheetHeader(side: Side, extras: DocumentHeader): SideContext & DocumentHeader {
  return {
    ...sideContext(side),
    name: extras.name,
    img: extras.img,
    uuid: extras.uuid,
    editable: extras.editable,
    rulesEditable: extras.rulesEditable,
  };
}

/** A nationality the sheets can offer, with its side (src/data/nationalities.ts). */
export interface NationalityOption {
  readonly code: string;
  readonly side: Side;
  readonly label: string;
}

/** Nationality choices of one side (a WP unit never offers NATO nations), keeping an odd stored value visible. */
export function nationalityChoices(side: Side, current: string, nationalities: readonly NationalityOption[]): Choices {
  const choices: Record<string, string> = {};
  for (const n of nationalities) if (n.side === side || n.code === current) choices[n.code] = n.label;
  return choices;
}

export function nationalityLabel(code: string, nationalities: readonly NationalityOption[]): string {
  return nationalities.find((n) => n.code === code)?.label ?? code;
}
