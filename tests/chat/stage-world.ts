/**
 * A megagame-sized set of counters for the stage cards (issue #20): `units` unit actors under
 * 40 HQs, a quarter of them in March Mode, all with movement points spent and every tenth with a
 * no-movement chip; 120 squadrons, one in ten in the CAS box; every HQ holding two support cards,
 * one assigned to a unit. Plain actors for the harness (no map): what the Movement and new-turn
 * entry cards read. Small and local on purpose (the bench has its own theatre).
 */
import { harness, type FakeActorT } from "../harness/foundry";

export interface StageWorld {
  readonly units: FakeActorT[];
  readonly hqs: FakeActorT[];
  readonly squadrons: FakeActorT[];
  readonly all: FakeActorT[];
}

const pad = (n: number, width = 4): string => String(n).padStart(width, "0");

export function stageWorld(units = 400, hqs = 40, squadrons = 120): StageWorld {
  const hqActors = Array.from({ length: hqs }, (_, i) => {
    const side = i % 2 === 0 ? "nato" : "wp";
    return new harness.Actor({
      id: `hq${pad(i, 14)}`,
      name: `${side === "nato" ? "Corps" : "Army"} ${i + 1}`,
      type: "hq",
      system: { side, initiative: false },
    });
  });
  const unitActors = Array.from({ length: units }, (_, i) => {
    const hq = hqActors[i % hqs]!;
    return new harness.Actor({
      id: `un${pad(i, 14)}`,
      name: `${i + 1}. Panzerbrigade ${pad(i)}`,
      type: "unit",
      system: {
        size: "brigade",
        arm: "armour",
        mode: i % 4 === 0 ? "march" : "combat",
        movementPoints: 0,
        noMove: i % 10 === 0,
        hq: hq.uuid,
      },
    });
  });
  hqActors.forEach((hq, i) => {
    hq.addItem({ id: `ca${pad(i, 14)}`, name: "Engineer", type: "supportCard", system: { assignedTo: unitActors[i]!.uuid } });
    hq.addItem({ id: `cb${pad(i, 14)}`, name: "Signals", type: "supportCard", system: { assignedTo: null } });
  });
  const squadronActors = Array.from(
    { length: squadrons },
    (_, i) =>
      new harness.Actor({
        id: `sq${pad(i, 14)}`,
        name: `JaBoG ${i + 1}`,
        type: "airSquadron",
        system: { box: i % 10 === 0 ? "cas" : "ready" },
      }),
  );
  return { units: unitActors, hqs: hqActors, squadrons: squadronActors, all: [...hqActors, ...unitActors, ...squadronActors] };
}
