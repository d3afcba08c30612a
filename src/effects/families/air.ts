/**
 * The Air War's effects on squadrons and airbase charts: a squadron's box, zone and airbase, its
 * weapons (one discarded by name, one attached), an airbase's hits and its air defence (within its
 * maximum). Hits on a ground target are a note, to be recorded by hand.
 */
import { noted, written, type FamilyHandlers } from "../handler";
import { clamp } from "../planner";

export const AIR_HANDLERS = {
  squadronBox: written((p, effect) => {
    const w = p.actor(effect.squadron, ["airSquadron"], effect);
    if (w !== undefined) p.set(w, "box", effect.box);
  }),
  weaponDiscarded: written((p, effect) => {
    const w = p.actor(effect.squadron, ["airSquadron"], effect);
    if (w === undefined) return;
    const weapons = (p.get(w, "weapons") as { kind: string; name: string }[] | undefined) ?? [];
    const at = weapons.findIndex((x) => x.name === effect.weapon);
    if (at < 0) return p.note("NOBC.EffectNote.noWeapon", effect, { name: w.snap.name, weapon: effect.weapon });
    p.list(w, "weapons").splice(at, 1);
  }),
  weaponAttached: written((p, effect) => {
    const w = p.actor(effect.squadron, ["airSquadron"], effect);
    if (w === undefined) return;
    p.list<{ kind: string; name: string }>(w, "weapons").push({ kind: effect.kind, name: effect.weapon });
  }),
  squadronZone: written((p, effect) => {
    const w = p.actor(effect.squadron, ["airSquadron"], effect);
    if (w !== undefined) p.set(w, "airZone", effect.airZone);
  }),
  squadronAirbase: written((p, effect) => {
    const w = p.actor(effect.squadron, ["airSquadron"], effect);
    if (w !== undefined) p.set(w, "airbase", effect.airbase);
  }),
  airbaseHits: written((p, effect) => {
    const w = p.actor(effect.airbase, ["airbase"], effect);
    if (w === undefined) return;
    p.set(w, "hits.repairable", Math.max(0, p.num(w, "hits.repairable") + effect.repairable));
    p.set(w, "hits.permanent", Math.max(0, p.num(w, "hits.permanent") + effect.permanent));
  }),
  airDefence: written((p, effect) => {
    const w = p.actor(effect.chart, ["airbase"], effect);
    if (w === undefined) return;
    p.set(w, "airDefence.value", clamp(p.num(w, "airDefence.value") + effect.delta, 0, p.num(w, "airDefence.max")));
  }),
  targetHits: noted("NOBC.EffectNote.targetHits", (effect) => effect.hits),
} as const satisfies FamilyHandlers;
