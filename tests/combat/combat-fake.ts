/**
 * TEST STAND-IN for the Combat pieces the turn tracker uses — not Foundry, and not a copy of it;
 * written from the public API docs (Combat.implementation.create, combatants, createEmbeddedDocuments,
 * update).
 * `installCombatFake()` puts `Combat` and `game.combats` on the globals; every call is recorded.
 */
type Raw = Record<string, unknown>;

export interface FakeCombatant {
  id: string;
  actorId: string | null;
  tokenId?: string;
  sceneId?: string;
  actor: unknown;
}

let nextId = 1;

export class FakeCombatDoc {
  static created: Raw[] = [];
  /** Make `create` return nothing (as Foundry does when a hook cancels the creation). */
  static cancel = false;
  type: string;
  system: Raw;
  combatants: FakeCombatant[] = [];
  embedCalls: { name: string; rows: Raw[] }[] = [];
  updates: Raw[] = [];

  constructor(data: Raw) {
    this.type = (data["type"] as string | undefined) ?? "base";
    this.system = { turn: 0, stage: 0, planningEndsAt: null, reached: 0, ...((data["system"] ?? {}) as Raw) };
  }

  /** The configured class, as `Combat.implementation` answers. */
  static get implementation(): typeof FakeCombatDoc {
    return FakeCombatDoc;
  }

  static async create(data: Raw): Promise<FakeCombatDoc | undefined> {
    FakeCombatDoc.created.push(structuredClone(data));
    if (FakeCombatDoc.cancel) return undefined;
    const combat = new FakeCombatDoc(data);
    combatFake.combats.push(combat);
    return combat;
  }

  async createEmbeddedDocuments(name: string, rows: Raw[]): Promise<unknown[]> {
    this.embedCalls.push({ name, rows: structuredClone(rows) });
    const actors = (globalThis as unknown as { game: { actors?: { id: string }[] } }).game.actors ?? [];
    for (const r of rows) {
      const actorId = String(r["actorId"]);
      this.combatants.push({ id: `cb${nextId++}`, ...(r as object), actorId, actor: actors.find((a) => a.id === actorId) ?? null });
    }
    return [];
  }

  async update(data: Raw): Promise<this> {
    this.updates.push(structuredClone(data));
    this.system = { ...this.system, ...((data["system"] ?? {}) as Raw) };
    return this;
  }
}

export const combatFake = {
  combats: [] as FakeCombatDoc[],
  reset(): void {
    this.combats.length = 0;
    FakeCombatDoc.created = [];
    FakeCombatDoc.cancel = false;
    const g = globalThis as unknown as Raw;
    g["Combat"] = FakeCombatDoc;
    (g["game"] as Raw)["combats"] = this.combats;
  },
};
