// `npm run packs:id [count]`: prints fresh 16-character document ids for new pack sources.
import { randomInt } from "node:crypto";
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
    console.error("usage: npm run packs:id -- [how many ids, 1 to 100]");
    process.exit(1);
  }
  for (let i = 0; i < count; i++) console.log(newId());
}
