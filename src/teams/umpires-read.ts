/**
 * The umpires as the Foundry layer reads them: the world setting `umpires` (only a GM may write a
 * world setting), checked with its schema, and the world's users who rule. A stored value out of
 * shape reads as no umpires: the active GM rules everything, as before umpires.
 */
import { SYSTEM_ID } from "../base/constants";
import { NO_UMPIRES, umpiresSchema, type UmpireUser, type Umpires } from "./umpires";
import { usersOfWorld } from "./read";

export const UMPIRES_SETTING = "umpires";

export function registerUmpiresSetting(onChange?: () => void): void {
  game.settings?.register(SYSTEM_ID, UMPIRES_SETTING, {
    name: "NOBC.Setting.umpires.name",
    hint: "NOBC.Setting.umpires.hint",
    scope: "world",
    config: false,
    type: Object,
    default: { umpires: {} },
    ...(onChange === undefined ? {} : { onChange }),
  });
}

export function readUmpires(): Umpires {
  let stored: unknown;
  try {
    stored = game.settings?.get(SYSTEM_ID, UMPIRES_SETTING);
  } catch {
    return NO_UMPIRES;
  }
  const parsed = umpiresSchema.safeParse(stored);
  return parsed.success ? parsed.data : NO_UMPIRES;
}

/** The world's users as "who rules" reads them, in the world's order. */
export function umpireUsers(): UmpireUser[] {
  return usersOfWorld().map((u) => ({ id: u.id, isGM: u.isGM === true, active: (u as { active?: boolean }).active === true }));
}

/** The active GM's id, or null with no GM connected. */
export function activeGmId(): string | null {
  return (game.users as unknown as { activeGM?: { id: string } | null } | undefined)?.activeGM?.id ?? null;
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "nobc.umpires": Umpires;
  }
}
