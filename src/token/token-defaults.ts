/**
 * Defaults for a new actor of ours: its NATO-style symbol as portrait and token image, a linked
 * token (so effects and drops reach the one actor), and the bar that suits its type.
 */
import { symbolPath, type SymbolArm, type SymbolSize } from "../symbols/unit-symbol";
import type { Side } from "../rules/nobc/land/types";

/** Foundry's placeholder portrait: replaced by our symbol, any other image is kept. */
export const PLACEHOLDER_IMG = "icons/svg/mystery-man.svg";

const BAR_BY_TYPE: Readonly<Record<string, string | null>> = {
  unit: "strength",
  hq: "level",
  airSquadron: null,
  airbase: "airDefence",
  nqmUnit: "strength",
};

/** The symbol of an actor from its type and system data, or null for a type without one. */
export function symbolFor(type: string, system: Record<string, unknown>): string | null {
  const side = (system["side"] === "wp" ? "wp" : "nato") satisfies Side;
  if (type === "unit") {
    return symbolPath(side, (system["arm"] ?? "armour") as SymbolArm, (system["size"] ?? "brigade") as SymbolSize);
  }
  if (type === "hq") return symbolPath(side, "hq", (system["echelon"] ?? "corps") as SymbolSize);
  return null;
}

/** The prototype-token values the creation data may already carry (an import, a duplicate). */
export interface IncomingToken {
  readonly actorLink?: boolean;
  readonly bar1?: { readonly attribute?: string | null };
  readonly texture?: { readonly src?: string | null };
}

const unset = (v: unknown) => v === null || v === undefined || v === "";

/**
 * The source changes a new actor of `type` gets: only what the creation data leaves unset, so an
 * imported or duplicated actor keeps its own token settings; `img` only over the placeholder.
 */
export function tokenDefaults(
  type: string,
  img: string | null | undefined,
  system: Record<string, unknown>,
  token: IncomingToken = {},
): Record<string, unknown> {
  if (!(type in BAR_BY_TYPE)) return {};
  const changes: Record<string, unknown> = {};
  if (token.actorLink === undefined) changes["prototypeToken.actorLink"] = true;
  const bar = BAR_BY_TYPE[type];
  if (bar !== null && bar !== undefined && unset(token.bar1?.attribute)) changes["prototypeToken.bar1.attribute"] = bar;
  const symbol = symbolFor(type, system);
  if (symbol !== null && (unset(img) || img === PLACEHOLDER_IMG)) {
    changes["img"] = symbol;
    const src = token.texture?.src;
    if (unset(src) || src === PLACEHOLDER_IMG) changes["prototypeToken.texture.src"] = symbol;
  }
  return changes;
}

export function registerTokenDefaults(): void {
  Hooks.on("preCreateActor", (actor, data) => {
    const raw = data as { img?: string | null; system?: Record<string, unknown>; prototypeToken?: IncomingToken };
    const changes = tokenDefaults(actor.type, raw.img, raw.system ?? {}, raw.prototypeToken ?? {});
    if (Object.keys(changes).length > 0) actor.updateSource(changes);
  });
}
