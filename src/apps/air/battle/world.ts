/**
 * The air battle as the dialogs and buttons see it: the world's squadrons read into rules
 * snapshots, the records of earlier steps, who the user is and what they own. Pure but for
 * `readAirWorld`, the one read of Foundry's documents.
 */
import type { ActorRef } from "../../../rules/ids";
import type { AllocationInput, Side, Squadron } from "../../../rules/nobc/air/index";
import { squadronOf } from "../../../view/snapshots";
import type { AirSquadronSystemView } from "../../../view/views";
import type { Translator } from "../../../view/breakdown";
import { SYSTEM_ID } from "../../../base/constants";
import { SETTING_KEYS } from "../../../base/settings";
import { currentUser, isGM, worldActors, type AskingUser } from "../../../base/foundry";
import { actingActorUuids, userSides as teamSidesOf } from "../../../teams/read";
import { battleZones, cardRecords, squadronsInZone, type CardRecord, type MessageView } from "./records";
import { zoneDistancesSchema } from "./args";

/** An actor as this module reads it. */
export interface ActorView {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

export interface AirWorld {
  /** Every squadron the rules can read. */
  readonly squadrons: readonly Squadron[];
  /** Squadrons left out because their nationality has no air force in the rules (names). */
  readonly skipped: readonly string[];
  /** Records of earlier steps, oldest first. */
  readonly records: readonly CardRecord[];
  /** The squadrons the user acts for (src/teams/read.ts; with no teams set, the owned ones; a GM all). */
  readonly owned: ReadonlySet<ActorRef>;
  /**
   * The sides the user plays by the teams (src/teams/read.ts `userSides`): a player listed on a side
   * who acts for no squadron still plays it (a dialog then opens on their side, never on NATO's).
   */
  readonly teamSides: readonly Side[];
  readonly isGM: boolean;
  /** The scenario's distances between air zones (a world setting only a GM writes); {} when none are set. */
  readonly zoneDistances: AllocationInput["zoneDistances"];
}

export function readSquadrons(actors: Iterable<ActorView>): { squadrons: Squadron[]; skipped: string[] } {
  const squadrons: Squadron[] = [];
  const skipped: string[] = [];
  for (const actor of actors) {
    if (actor.type !== "airSquadron") continue;
    const squadron = squadronOf(actor, actor.system as AirSquadronSystemView);
    if (squadron === null) skipped.push(actor.name);
    else squadrons.push(squadron);
  }
  return { squadrons, skipped };
}

/** The world's zone distances (setting `airZoneDistances`); a malformed value, or none registered yet, reads as none. */
export function readZoneDistances(): AllocationInput["zoneDistances"] {
  let stored: unknown;
  try {
    stored = game.settings?.get(SYSTEM_ID, SETTING_KEYS.airZoneDistances);
  } catch {
    return {};
  }
  const parsed = zoneDistancesSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/** The squadrons, the records of earlier steps (chat, oldest first) and what `user` (this client's by default) owns. */
export function readAirWorld(user?: AskingUser): AirWorld {
  const { squadrons, skipped } = readSquadrons(worldActors<ActorView>());
  const messages = (game as unknown as { messages?: { contents?: readonly MessageView[] } }).messages?.contents ?? [];
  const owned = actingActorUuids(user ?? game.user);
  return {
    squadrons,
    skipped,
    records: cardRecords(messages),
    owned,
    teamSides: teamSidesOf(user ?? game.user),
    isGM: isGM(user ?? currentUser()),
    zoneDistances: readZoneDistances(),
  };
}

/** The zone every squadron fights in this turn (see records.battleZones). */
export function zonesOf(world: AirWorld): Map<ActorRef, string> {
  return battleZones(world.squadrons, world.records);
}

/** Every air zone a squadron is based in or flies to, sorted. */
export function knownZones(world: AirWorld): string[] {
  return [...new Set([...world.squadrons.map((s) => s.airZone), ...zonesOf(world).values()])].sort();
}

/** The squadrons fighting in a zone. */
export function zoneSquadrons(world: AirWorld, zone: string): Squadron[] {
  return squadronsInZone(world.squadrons, zonesOf(world), zone);
}

/** The sides the user may act for: a GM both, a player those the teams give them and those with a squadron they act for. */
export function userSides(world: AirWorld): Side[] {
  if (world.isGM) return ["nato", "wp"];
  return (["nato", "wp"] as const).filter(
    (side) => world.teamSides.includes(side) || world.squadrons.some((s) => s.side === side && world.owned.has(s.id)),
  );
}

/**
 * The side and zone a dialog opens on: the ones asked for, else the user's first side and the first
 * zone where the dialog has work for that side (`hasWork`), else where that side has squadrons, else
 * the first zone known.
 */
export function defaultScope(
  world: AirWorld,
  asked: { side?: Side | undefined; zone?: string | undefined },
  hasWork?: (side: Side, zone: string) => boolean,
): { side: Side; zone: string } {
  const side = asked.side ?? userSides(world)[0] ?? "nato";
  const zones = knownZones(world);
  // The first zone where the dialog has something for this side to do; else where the side has squadrons at all.
  const zone =
    asked.zone ??
    (hasWork === undefined ? undefined : zones.find((z) => hasWork(side, z))) ??
    zones.find((z) => zoneSquadrons(world, z).some((s) => s.side === side)) ??
    zones[0] ??
    "";
  return { side, zone };
}

/**
 * Why the user may not decide for these squadrons: one sentence per squadron they do not own.
 * A GM may always decide.
 */
export function notOwned(world: AirWorld, squadrons: readonly Squadron[], i18n: Translator): string[] {
  if (world.isGM) return [];
  return squadrons.filter((s) => !world.owned.has(s.id)).map((s) => i18n.format("NOBC.AirBattle.Refused.notOwned", { name: s.name }));
}
