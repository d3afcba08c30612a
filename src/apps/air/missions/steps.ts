/**
 * Step 7, the hand-over: every squadron still in the CAS or Recce box after step 6 flies, and the
 * land teams of its side receive it (CAS value, Recce/EW, weapons). Nothing moves; the card is the
 * record the land players read. The return after the land battle is `casReturnPost`.
 */
import { HAND_OVER_BOXES, resolveCasHandOver, resolveCasReturn, type CasSupport } from "../../../rules/nobc/air/index";
import type { Side } from "../../../rules/nobc/air/types";
import { phrase, refuse, type Checked } from "../../../rules/resolution";
import type { CardInputLine } from "../../../chat/resolution-card";
import { speak } from "../../../words/phrase";
import { refusal, SIDE_KEYS, type Translator, type MissionCard } from "./view";
import type { MissionWorld } from "./world";

/** The squadrons in the CAS and Recce boxes: after step 6 these are the ones flying. */
export function flyingSupport(world: MissionWorld): string[] {
  return world.squadrons.filter((s) => HAND_OVER_BOXES.includes(s.box)).map((s) => s.id);
}

/** What one squadron gives its land team, in words: "CAS 4, Recce, weapons: Maverick". */
export function supportText(s: CasSupport, i18n: Translator): string {
  const parts = [speak(phrase("NOBC.AirMissions.HandOver.CasValue", { value: s.cas }), i18n)];
  if (s.recce) parts.push(i18n.localize("NOBC.AirMissions.HandOver.Recce"));
  if (s.ew) parts.push(i18n.localize("NOBC.AirMissions.HandOver.Ew"));
  if (s.weapons.length > 0) {
    parts.push(i18n.format("NOBC.AirMissions.HandOver.Weapons", { weapons: s.weapons.map((w) => w.name).join(", ") }));
  }
  return parts.join(", ");
}

/** The hand-over card: one input line per squadron, grouped NATO then Warsaw Pact. */
export function handOverPost(world: MissionWorld, i18n: Translator): Checked<MissionCard> {
  const flying = flyingSupport(world);
  if (flying.length === 0) {
    return refuse(refusal("nothingFlying", phrase("NOBC.AirMissions.Check.nothingToHandOver"), "flying"));
  }
  const checked = resolveCasHandOver({ squadrons: world.squadrons, flying });
  if (!checked.ok) return checked;
  const { support } = checked.value.outcome;
  const squadrons = (side: Side) => phrase("NOBC.AirMissions.HandOver.Squadrons", { count: support.filter((s) => s.side === side).length });
  const inputs: CardInputLine[] = (["nato", "wp"] as const).flatMap((side) =>
    support
      .filter((s) => s.side === side)
      .map((s) => ({ label: `${i18n.localize(SIDE_KEYS[side])}: ${s.name}`, value: supportText(s, i18n) })),
  );
  return {
    ok: true,
    value: {
      title: i18n.localize("NOBC.AirMissions.HandOver.CardTitle"),
      hook: "nobc.casHandedOver",
      resolution: checked.value,
      outcome: speak(phrase("NOBC.AirMissions.HandOver.Outcome", { nato: squadrons("nato"), wp: squadrons("wp") }), i18n),
      inputs,
    },
  };
}

/** The return card: the squadrons back from the land battle go to the damaged box, weapons spent. */
export function casReturnPost(world: MissionWorld, i18n: Translator): Checked<MissionCard> {
  const returning = flyingSupport(world);
  if (returning.length === 0) {
    return refuse(refusal("nothingFlying", phrase("NOBC.AirMissions.Check.nothingReturning"), "returning"));
  }
  const checked = resolveCasReturn({ squadrons: world.squadrons, returning });
  if (!checked.ok) return checked;
  return {
    ok: true,
    value: {
      title: i18n.localize("NOBC.AirMissions.Return.CardTitle"),
      hook: "nobc.casReturned",
      resolution: checked.value,
      outcome: speak(phrase("NOBC.AirMissions.Return.Outcome", { count: returning.length }), i18n),
      inputs: returning.map((id) => ({ label: i18n.localize("NOBC.AirMissions.Return.Squadron"), value: world.names.get(id) ?? id })),
    },
  };
}
