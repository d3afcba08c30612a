/** Squadrons, records and worlds for the air battle tests (plain data, no Foundry). */
import type { Squadron } from "../../../../src/rules/nobc/air/index";
import type { AirRecord, CardRecord } from "../../../../src/apps/air/battle/records";
import type { AirWorld } from "../../../../src/apps/air/battle/world";
import type { Translator } from "../../../../src/view/breakdown";
import { keyWording } from "../../../harness/wording";

export function squadron(id: string, over: Partial<Squadron> = {}): Squadron {
  const side = over.side ?? "nato";
  return {
    id: `Actor.${id}`,
    name: id,
    side,
    nationality: side === "nato" ? "us" : "su",
    airToAir: 4,
    cas: 3,
    deepStrike: 2,
    weapons: [],
    range: 1,
    recce: false,
    ew: false,
    harrier: false,
    box: "ready",
    airbase: null,
    airZone: "North",
    ...over,
  };
}

/** A squadron actor's sheet-only fields, and the rules fields but its id and name. */
export type SquadronSystemOver = Partial<Omit<Squadron, "id" | "name">> & { aircraft?: string; role?: string };

/** A squadron actor's system data: {@link squadron}'s values with the sheet's aircraft and role, under `over`. */
export function squadronSystem({ aircraft = "", role = "multirole", ...over }: SquadronSystemOver = {}): Record<string, unknown> {
  const { id: _id, name: _name, ...system } = squadron("", over);
  return { aircraft, role, ...system };
}

export function world(squadrons: Squadron[], over: Partial<AirWorld> = {}): AirWorld {
  return { squadrons, skipped: [], records: [], owned: new Set(), teamSides: [], isGM: true, zoneDistances: {}, ...over };
}

let next = 1;
export function card(record: AirRecord, state: CardRecord["state"] = "pending", messageId = `m${next++}`): CardRecord {
  return { messageId, state, record };
}

/** Keys come back as they are; formatted keys carry their data, so tests can read both. */
export const i18n: Translator = keyWording();

/** A zone with two WP and two NATO fighters, and missions on both sides. */
export function battle(): Squadron[] {
  return [
    squadron("mig29", { side: "wp", airToAir: 5, box: "airSuperiority" }),
    squadron("mig23", { side: "wp", airToAir: 3, box: "airSuperiority" }),
    squadron("f15", { airToAir: 5, box: "airSuperiority", weapons: [{ kind: "aam", name: "AIM-120" }] }),
    squadron("f16", { airToAir: 4, box: "airSuperiority" }),
    squadron("a10", { airToAir: 1, cas: 5, box: "cas" }),
    squadron("rf4", { airToAir: 1, cas: 0, recce: true, box: "recce" }),
    squadron("su25", { side: "wp", airToAir: 1, cas: 5, box: "cas" }),
  ];
}
