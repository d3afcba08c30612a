// Shared by the scripts: where the repository is, and whether a module is the script node was
// started with. Both go through file URLs and the path module, so a clone under a folder whose
// name has a space (or %, #, non-ASCII letters) or a Windows drive path works like any other.
import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (the folder above scripts/). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A file's real path, or the resolved path itself when it cannot be read (symlinks followed). */
function real(file) {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * Whether the module whose `import.meta.url` is `moduleUrl` is the script node was started with
 * (`node scripts/x.mjs`), rather than one imported by a test or another script.
 */
export function isMain(moduleUrl, argv = process.argv) {
  const started = argv[1];
  if (!started) return false;
  return real(fileURLToPath(moduleUrl)) === real(started);
}
