/**
 * Identifiers inside pack sources: Foundry's 16-character document ids, the `_key` each
 * document carries in a LevelDB pack, and the UUIDs system data uses to point at other actors.
 */
import { z } from "zod";

/** A Foundry document id: 16 letters or digits. */
export const DOCUMENT_ID = /^[A-Za-z0-9]{16}$/;

export const documentId = z.string().regex(DOCUMENT_ID, "NOBC.Validation.Pack.DocumentId");

/** The collection names a primary document's `_key` starts with, by document type. */
export const KEY_COLLECTIONS = {
  Actor: "actors",
  Item: "items",
  JournalEntry: "journal",
  RollTable: "tables",
  Macro: "macros",
  Folder: "folders",
} as const;
export type PackDocumentType = Exclude<keyof typeof KEY_COLLECTIONS, "Folder">;

/** Embedded collections we ship, keyed `!<parent>.<child>!<parentId>.<id>`. */
export const EMBEDDED_KEY_COLLECTIONS = {
  "Actor.items": "actors.items",
  "Actor.effects": "actors.effects",
  "Item.effects": "items.effects",
  "JournalEntry.pages": "journal.pages",
  "RollTable.results": "tables.results",
} as const;

export function primaryKey(type: keyof typeof KEY_COLLECTIONS, id: string): string {
  return `!${KEY_COLLECTIONS[type]}!${id}`;
}

export function embeddedKey(collection: keyof typeof EMBEDDED_KEY_COLLECTIONS, parentId: string, id: string): string {
  return `!${EMBEDDED_KEY_COLLECTIONS[collection]}!${parentId}.${id}`;
}

/**
 * An Actor UUID, or null. World actors (`Actor.<id>`), actors in a compendium
 * (`Compendium.<package>.<pack>.Actor.<id>`) and synthetic token actors are all accepted.
 * Pack sources use `Actor.<id>`: the id an actor keeps when the pack is imported with its ids.
 */
const ACTOR_UUID = /^(?:Compendium\.[\w-]+\.[\w-]+\.|Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}\.)?Actor\.[A-Za-z0-9]{16}$/;
export const actorUuid = z.string().regex(ACTOR_UUID, "NOBC.Validation.Pack.ActorUuid").nullable();

/** The 16-character id at the end of an Actor UUID. */
export function idOfUuid(uuid: string): string {
  return uuid.slice(-16);
}
