// `npm run packs:extract -- <compiled pack folder> <pack name>`
// Writes a compiled (LevelDB) pack back to packs/_source/<pack name>/ as one JSON file per
// document, in a folder tree that mirrors the pack's folders. This is how a GM shares edits made
// in a world: point it at Data/worlds/<world>/packs/<pack> (with the world closed), then review
// the diff. Files of documents no longer in the pack are removed.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { packsCli } from "./import-ts.mjs";
import { declaredPacks, slug, sourceRoot, stripVolatile } from "./packs-lib.mjs";
import { isMain } from "./script-paths.mjs";

/** File names for one extraction: slugs of document names, the id added when two would clash. */
export function namer() {
  const used = new Set();
  const folderNames = new Set();
  const unique = (set, wanted, fallback) => {
    const name = set.has(wanted) ? fallback : wanted;
    set.add(name);
    return name;
  };
  return {
    transformName(doc, { folder } = {}) {
      // Folder documents keep the CLI's own name: <folder path>/_Folder.json.
      if (String(doc._key).startsWith("!folders!")) return undefined;
      const dir = folder ?? "";
      const base = slug(doc.name);
      return unique(used, path.join(dir, `${base}.json`), path.join(dir, `${base}-${doc._id}.json`));
    },
    transformFolderName(doc) {
      const base = slug(doc.name);
      const parent = doc.folder ?? "";
      return unique(folderNames, `${parent}/${base}`, `${parent}/${base}-${doc._id}`).split("/")[1];
    },
  };
}

/** The LevelDB collection of each pack type: a document's `_key` is `!<collection>!<id>`. */
export const PACK_COLLECTIONS = {
  Actor: "actors",
  Adventure: "adventures",
  Cards: "cards",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  Playlist: "playlists",
  RollTable: "tables",
  Scene: "scenes",
};

/** The document type a `_key` names (a collection of no pack type as it is), or null for a Folder. */
export function keyType(key) {
  const collection = String(key).split("!")[1]?.split(".")[0] ?? "";
  if (collection === "folders") return null;
  return Object.keys(PACK_COLLECTIONS).find((type) => PACK_COLLECTIONS[type] === collection) ?? collection;
}

/** A refusal of the command line, told as a phrase of src/base/cli.ts (`text` picks it from PACKS_CLI). */
export class Refused extends Error {
  constructor(text) {
    super("refused");
    this.text = text;
  }
}

/**
 * Extracts `packDir` into the source folder of `packName`, replacing what was there. The pack must
 * hold documents of the type system.json declares for `packName` (Folders aside); otherwise, or when
 * it holds none, it is refused and nothing is written.
 */
export async function extractToSource(packDir, packName, { dest } = {}) {
  const declared = (await declaredPacks()).find((p) => p.name === packName);
  if (!declared) throw new Refused((cli) => cli.notAPack(packName, []));
  const target = dest ?? path.join(sourceRoot, packName);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), `.${packName}-`));
  const { transformName, transformFolderName } = namer();
  const found = new Set();
  let count = 0;
  try {
    await extractPack(packDir, staging, {
      folders: true,
      jsonOptions: { space: 2 },
      transformEntry: async (doc) => {
        stripVolatile(doc);
        const type = keyType(doc._key);
        if (type !== null) found.add(type);
        count++;
      },
      transformName: async (doc, context) => transformName(doc, context),
      transformFolderName: async (doc) => transformFolderName(doc),
    });
    const others = [...found].filter((type) => type !== declared.type).sort();
    if (others.length > 0) {
      throw new Refused((cli) => cli.wrongType(packDir, others, packName, declared.type));
    }
    if (found.size === 0) throw new Refused((cli) => cli.emptyPack(packDir));
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return count;
}

async function main(args) {
  const [packDir, packName] = args;
  if (!packDir || !packName) {
    throw new Refused((cli) => cli.extractUsage());
  }
  const declared = await declaredPacks();
  if (!declared.some((p) => p.name === packName)) {
    throw new Refused((cli) =>
      cli.notAPack(
        packName,
        declared.map((p) => p.name),
      ),
    );
  }
  if (!existsSync(path.join(packDir, "CURRENT"))) {
    throw new Refused((cli) => cli.notLevelDb(packDir));
  }
  const count = await extractToSource(path.resolve(packDir), packName);
  const { cli, say } = await packsCli();
  console.log(say(cli.extracted(count, packName)));
}

if (isMain(import.meta.url)) {
  main(process.argv.slice(2)).catch(async (err) => {
    const { cli, say } = await packsCli();
    const error = err instanceof Refused ? say(err.text(cli)) : String(err.message);
    console.error(say(cli.extractFailed(error, !(err instanceof Refused) && /lock/i.test(error))));
    process.exit(1);
  });
}
