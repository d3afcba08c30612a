/**
 * Step 10, basing for the next turn (the umpire's dialog, both sides at once): each squadron in the
 * ready or holding box takes a space at its airbase, or at one the umpire picks, while spaces last;
 * the rest wait in holding. No dice: the preview is the resolution the card will carry.
 */
import { needsAirbaseSpace, resolveAirbaseCapacity, type CapacityInput } from "../../../../rules/nobc/air/index";
import type { Squadron } from "../../../../rules/nobc/air/types";
import { phrase, type Checked } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import type { FormValues } from "../../../base/controller";
import type { MissionCard, Translator } from "../view";
import type { MissionWorld } from "../world";

export interface CapacityState {
  /** The umpire's choice of base per squadron: an airbase UUID, or "" for none (holding). */
  readonly bases: Readonly<Record<string, string>>;
}

/** Squadrons that are based now: in the ready or holding box, and needing a space. */
export function baseable(world: MissionWorld): Squadron[] {
  return world.squadrons.filter((s) => (s.box === "ready" || s.box === "holding") && needsAirbaseSpace(s));
}

/** Airbases a squadron may use: its side's, in its zone. */
export function basesFor(world: MissionWorld, s: Squadron) {
  return world.airbases.filter((a) => a.side === s.side && a.airZone === s.airZone);
}

export function initialCapacity(world: MissionWorld): CapacityState {
  return { bases: Object.fromEntries(baseable(world).map((s) => [s.id, s.airbase ?? ""])) };
}

export function readCapacity(state: CapacityState, form: FormValues, world: MissionWorld): CapacityState {
  const bases: Record<string, string> = { ...state.bases };
  for (const s of baseable(world)) {
    const v = form[`base:${s.id}`];
    if (typeof v === "string") bases[s.id] = v;
  }
  return { bases };
}

/** Only a changed base is a placement: the others keep their own, as the rules do by default. */
export function capacityInput(state: CapacityState, world: MissionWorld): CapacityInput {
  const placements: Record<string, string | null> = {};
  for (const s of baseable(world)) {
    const chosen = state.bases[s.id];
    if (chosen === undefined || chosen === (s.airbase ?? "")) continue;
    placements[s.id] = chosen === "" ? null : chosen;
  }
  return { squadrons: world.squadrons, airbases: world.airbases, placements };
}

export function postCapacity(state: CapacityState, world: MissionWorld, i18n: Translator): Checked<MissionCard> {
  const resolved = resolveAirbaseCapacity(capacityInput(state, world));
  if (!resolved.ok) return resolved;
  const { outcome } = resolved.value;
  const nameOf = (id: string) => world.names.get(id) ?? id;
  return {
    ok: true,
    value: {
      title: i18n.localize("NOBC.AirMissions.Capacity.CardTitle"),
      hook: "nobc.airbasesAssigned",
      resolution: resolved.value,
      outcome: speak(
        phrase("NOBC.AirMissions.Capacity.Outcome", {
          ready: phrase("NOBC.AirMissions.Capacity.Ready", { count: outcome.ready.length }),
          holding: outcome.holding.length,
        }),
        i18n,
      ),
      inputs: [
        {
          label: i18n.localize("NOBC.AirMissions.Capacity.Holding"),
          value: outcome.holding.length === 0 ? "\u2014" : outcome.holding.map(nameOf).join(", "),
        },
        ...Object.entries(capacityInput(state, world).placements ?? {}).map(([id, base]) => ({
          label: i18n.format("NOBC.AirMissions.Capacity.Placed", { name: nameOf(id) }),
          value: base === null ? i18n.localize("NOBC.AirMissions.Capacity.NoBase") : nameOf(base),
        })),
      ],
    },
  };
}
