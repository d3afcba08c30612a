/**
 * The small Land world (./fixture.ts) with nuclear and ADM cards: I Corps (NATO) holds a nuclear card
 * (W-79) and two ADMs (SADM, SADM 2); it also holds a nuclear card printed for the Warsaw Pact (a card of the
 * wrong side). Everything else is the shared fixture.
 */
import { cardSystem } from "../ground-combat/fixture";
import { specs, type Spec } from "./fixture";

const card = (id: string, name: string, side: "nato" | "wp", category: string) => ({
  id,
  name,
  system: { ...cardSystem(side, category, 0, null), modifier: 0, afterUse: "discard" },
});

export function wmdSpecs(): Spec[] {
  return specs().map((s) =>
    s.id === "h1"
      ? {
          ...s,
          items: [
            ...(s.items ?? []),
            card("nuc1", "W-79", "nato", "nuclear"),
            card("adm1", "SADM", "nato", "adm"),
            card("adm2", "SADM 2", "nato", "adm"),
            card("nucwp", "Captured warhead", "wp", "nuclear"),
          ],
        }
      : s,
  );
}

export const NUC = "Actor.h1.Item.nuc1";
export const ADM = "Actor.h1.Item.adm1";
export const ADM2 = "Actor.h1.Item.adm2";
export const NUC_WP = "Actor.h1.Item.nucwp";
export const INT = "Actor.h1.Item.int1";
export const RECCE = "Actor.h1.Item.rec1";
