/**
 * What the browser tests share: a static HTTP server over one folder (so a missing asset is a failed
 * request, not a file:// quirk) and headless Chromium as ./find-chromium.ts finds it.
 */
import { createServer, type Server } from "node:http";
import { cpSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { build } from "vite";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "./find-chromium";

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/** Serves the files under `dir` on a free port of 127.0.0.1; anything outside it or missing is a 404. */
export async function serveDir(dir: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^[/\\]+/, "");
    const file = join(dir, path === "" ? "index.html" : path);
    try {
      if (!file.startsWith(dir) || !statSync(file).isFile()) throw new Error("not found");
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0 };
}

/** Headless Chromium from wherever ./find-chromium.ts finds one; `found` hears which before it is launched. */
export async function launchChromium(found?: (source: string, executablePath: string) => void): Promise<Browser> {
  const chosen = await findChromium();
  found?.(chosen.source, chosen.executablePath);
  return chromium.launch({
    executablePath: chosen.executablePath,
    args: chosen.args,
    ...(chosen.env ? { env: { ...process.env, ...chosen.env } } : {}),
  });
}

/**
 * A page of its own for a browser test: `entry` (a file under tests/browser/) bundled with vite into a new
 * temp folder as `fileName`, beside a copy of styles/. Returns the folder; the test writes its index.html.
 */
export async function buildTestPage(entry: string, fileName: string, prefix: string): Promise<string> {
  const repo = resolve(__dirname, "../..");
  const dir = mkdtempSync(join(tmpdir(), prefix));
  await build({
    configFile: false,
    root: repo,
    logLevel: "warn",
    build: {
      outDir: dir,
      emptyOutDir: false,
      target: "es2022",
      minify: false,
      lib: { entry: join(repo, "tests", "browser", entry), formats: ["es"], fileName: () => fileName },
    },
  });
  cpSync(join(repo, "styles"), join(dir, "styles"), { recursive: true });
  return dir;
}
