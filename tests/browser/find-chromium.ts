/**
 * Which Chromium the browser test launches, in this order:
 *   1. the CHROMIUM_PATH environment variable (it must name a file; a wrong one fails, never falls through);
 *   2. a Chromium (or Chrome) installed on the system, at the usual names and places below;
 *   3. the Chromium shipped inside the npm package @sparticuz/chromium (Linux x64 only), unpacked once
 *      into a folder named by its version under the temp directory.
 * Nothing is downloaded: step 3 only unpacks files that `npm ci` already put in node_modules.
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

export type BrowserSource = "CHROMIUM_PATH" | "system" | "npm";

export interface BrowserLaunch {
  source: BrowserSource;
  executablePath: string;
  args: string[];
  /** Extra environment for the browser process (the npm Chromium's own libraries and fonts). */
  env?: Record<string, string>;
}

/** What the finder may look at; injected so the order can be tested without touching the machine. */
export interface FinderDeps {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  isFile: (file: string) => boolean;
  npmChromium: () => Promise<Omit<BrowserLaunch, "source">>;
}

/** Flags for a Chromium we did not ship: headless, and quiet (no update checks or background traffic). */
export const SYSTEM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

/**
 * Where a system Chromium usually is, per platform: command names looked up on PATH, then full paths
 * as segments (a leading "$NAME" segment is that environment variable; the path is skipped if unset).
 */
export const SYSTEM_CHROMIUM: Partial<Record<NodeJS.Platform, { onPath: string[]; at: string[][] }>> = {
  linux: {
    onPath: ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"],
    at: [
      ["/usr/bin", "chromium"],
      ["/snap/bin", "chromium"],
    ],
  },
  darwin: {
    onPath: [],
    at: [
      ["/Applications", "Chromium.app", "Contents", "MacOS", "Chromium"],
      ["/Applications", "Google Chrome.app", "Contents", "MacOS", "Google Chrome"],
      ["$HOME", "Applications", "Chromium.app", "Contents", "MacOS", "Chromium"],
    ],
  },
  win32: {
    onPath: [],
    at: [
      ["$LOCALAPPDATA", "Chromium", "Application", "chrome.exe"],
      ["$ProgramFiles", "Chromium", "Application", "chrome.exe"],
      ["$ProgramFiles", "Google", "Chrome", "Application", "chrome.exe"],
      ["$ProgramFiles(x86)", "Google", "Chrome", "Application", "chrome.exe"],
      ["$LOCALAPPDATA", "Google", "Chrome", "Application", "chrome.exe"],
    ],
  },
};

/** Every place step 2 looks, in order, for this platform and environment. */
export function systemCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  const known = SYSTEM_CHROMIUM[platform];
  if (!known) return [];
  const p = platform === "win32" ? path.win32 : path.posix;
  const dirs = (env.PATH ?? "").split(p.delimiter).filter((d) => d !== "");
  const onPath = known.onPath.flatMap((name) => dirs.map((d) => p.join(d, name)));
  const at = known.at.flatMap(([first = "", ...rest]) => {
    const base = first.startsWith("$") ? env[first.slice(1)] : first;
    return base ? [p.join(base, ...rest)] : [];
  });
  return [...onPath, ...at];
}

export async function findChromium(deps: FinderDeps = machine()): Promise<BrowserLaunch> {
  const chosen = deps.env.CHROMIUM_PATH;
  if (chosen) {
    if (!deps.isFile(chosen)) throw new Error(`CHROMIUM_PATH is ${chosen}, which is not a file`);
    return { source: "CHROMIUM_PATH", executablePath: chosen, args: SYSTEM_ARGS };
  }
  const system = systemCandidates(deps.platform, deps.env).find((file) => deps.isFile(file));
  if (system) return { source: "system", executablePath: system, args: SYSTEM_ARGS };
  return { source: "npm", ...(await deps.npmChromium()) };
}

/** The real machine: this process's environment and file system, and the npm package's Chromium. */
export function machine(): FinderDeps {
  return {
    env: process.env,
    platform: process.platform,
    isFile: (file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    },
    npmChromium,
  };
}

const PACKAGE = "@sparticuz/chromium";

/**
 * Unpacks @sparticuz/chromium's browser, fonts and libraries (the package writes them into the temp
 * directory it is given). It unpacks into a fresh folder, then renames that to a folder named by the
 * package version, so a run sharing the machine never sees a half-written binary; later runs reuse it.
 */
export async function npmChromium(): Promise<Omit<BrowserLaunch, "source">> {
  if (process.platform !== "linux" || process.arch !== "x64") {
    const looked = systemCandidates(process.platform, process.env).join(", ");
    throw new Error(
      `no Chromium found (looked at: ${looked}); ${PACKAGE} ships one for Linux x64 only: install Chromium or Chrome, or set CHROMIUM_PATH`,
    );
  }
  const require = createRequire(import.meta.url);
  const packageDir = path.resolve(path.dirname(require.resolve(PACKAGE)), ".."); // its main is build/index.js
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  const bin = path.join(packageDir, "bin");
  const home = path.join(tmpdir(), `nobc-chromium-${version}-${process.arch}`);
  const executable = path.join(home, "chromium");
  const { default: chromium, inflate } = await import("@sparticuz/chromium");

  if (!existsSync(executable)) {
    const staging = mkdtempSync(`${home}.partial-`);
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = staging; // the package unpacks into os.tmpdir()
    try {
      await chromium.executablePath(bin);
      await inflate(path.join(bin, "al2023.tar.br")); // nss and friends, for a machine without them
      // The package's fonts.conf names /tmp/fonts; ours names where they are, and the system's fonts.
      const dirs = [path.join(home, "fonts", "fonts"), "/usr/share/fonts", "/usr/local/share/fonts"];
      const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
      writeFileSync(
        path.join(staging, "fonts", "fonts.conf"),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.map((d) => `  <dir>${xml(d)}</dir>\n`).join("")}  <cachedir>${xml(path.join(home, "fonts-cache"))}</cachedir>\n</fontconfig>\n`,
      );
      renameSync(staging, home);
    } catch (err) {
      // A failed unpack leaves nothing behind; if another run got there first, its folder is used.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(executable)) throw err;
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  }
  // No WebGL: the sheets need none, and its software GL (SwiftShader) makes screenshots some 3x slower.
  chromium.setGraphicsMode = false;
  const libs = path.join(home, "al2023", "lib");
  const ldPath = process.env.LD_LIBRARY_PATH;
  return {
    executablePath: executable,
    args: chromium.args,
    env: {
      LD_LIBRARY_PATH: ldPath ? `${libs}${path.delimiter}${ldPath}` : libs,
      FONTCONFIG_PATH: path.join(home, "fonts"),
    },
  };
}
