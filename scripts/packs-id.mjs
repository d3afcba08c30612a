// `npm run packs:id [count]`: prints fresh 16-character document ids for new pack sources. Its usage
// is a phrase of lang/en.json (./import-ts.mjs).
import { randomInt } from "node:crypto";
import { packsCli } from "./import-ts.mjs";
import { isMain } from "./script-paths.mjs";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function newId() {
  let id = "";
  for (let i = 0; i < 16; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

if (isMain(import.meta.url)) {
  const count = Number(process.argv[2] ?? 1);
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    const { cli, say } = await packsCli();
    console.error(say(cli.idUsage()));
    process.exit(1);
  }
  for (let i = 0; i < count; i++) console.log(newId());
}
