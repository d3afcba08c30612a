/**
 * The order in which the browser test finds its Chromium: CHROMIUM_PATH, then a system Chromium,
 * then the npm package's. The environment, the file checks and the npm step are injected, so this
 * does not depend on what the machine running it has.
 */
import { describe, expect, it } from "vitest";
import { findChromium, SYSTEM_ARGS, systemCandidates, type FinderDeps } from "./find-chromium";

const NPM = { executablePath: "/tmp/nobc-chromium-1.0.0-x64/chromium", args: ["--headless='shell'"], env: { FONTCONFIG_PATH: "/x" } };

/** A machine with exactly these files; records whether the npm step ran. */
function fake(files: string[], env: Record<string, string | undefined>, platform: NodeJS.Platform = "linux") {
  const calls = { npm: 0, checked: [] as string[] };
  const deps: FinderDeps = {
    env,
    platform,
    isFile: (file) => {
      calls.checked.push(file);
      return files.includes(file);
    },
    npmChromium: async () => {
      calls.npm++;
      return NPM;
    },
  };
  return { deps, calls };
}

describe("findChromium", () => {
  it("takes CHROMIUM_PATH first, even when a system Chromium exists", async () => {
    const { deps, calls } = fake(["/opt/my chromium/chrome", "/usr/bin/chromium"], {
      CHROMIUM_PATH: "/opt/my chromium/chrome",
      PATH: "/usr/bin",
    });
    expect(await findChromium(deps)).toEqual({ source: "CHROMIUM_PATH", executablePath: "/opt/my chromium/chrome", args: SYSTEM_ARGS });
    expect(calls.npm).toBe(0);
  });

  it("refuses a CHROMIUM_PATH that is not a file instead of quietly using another browser", async () => {
    const { deps, calls } = fake(["/usr/bin/chromium"], { CHROMIUM_PATH: "/nowhere/chromium", PATH: "/usr/bin" });
    await expect(findChromium(deps)).rejects.toThrow("CHROMIUM_PATH is /nowhere/chromium, which is not a file");
    expect(calls.npm).toBe(0);
  });

  it("without CHROMIUM_PATH, takes a system Chromium on PATH before the npm one", async () => {
    const { deps, calls } = fake(["/usr/local/bin/chromium-browser"], { PATH: "/home/me/bin:/usr/local/bin" });
    expect(await findChromium(deps)).toEqual({ source: "system", executablePath: "/usr/local/bin/chromium-browser", args: SYSTEM_ARGS });
    expect(calls.npm).toBe(0);
  });

  it("an empty CHROMIUM_PATH counts as unset", async () => {
    const { deps } = fake(["/usr/bin/chromium"], { CHROMIUM_PATH: "", PATH: "" });
    expect((await findChromium(deps)).source).toBe("system");
  });

  it("finds a system browser at its usual place when PATH does not name it", async () => {
    const { deps } = fake(["/snap/bin/chromium"], { PATH: "/usr/bin" });
    expect((await findChromium(deps)).executablePath).toBe("/snap/bin/chromium");
  });

  it("finds Chrome on macOS in /Applications", async () => {
    const chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    const { deps } = fake([chrome], { PATH: "/usr/bin", HOME: "/Users/me" }, "darwin");
    expect(await findChromium(deps)).toMatchObject({ source: "system", executablePath: chrome });
  });

  it("finds Chrome on Windows under Program Files, from the environment", async () => {
    const chrome = "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe";
    const { deps } = fake([chrome], { "ProgramFiles(x86)": "C:\\Program Files (x86)", PATH: "C:\\Windows" }, "win32");
    expect(await findChromium(deps)).toMatchObject({ source: "system", executablePath: chrome });
  });

  it("with no CHROMIUM_PATH and no system browser, uses the npm package's Chromium", async () => {
    const { deps, calls } = fake([], { PATH: "/usr/bin:/bin" });
    expect(await findChromium(deps)).toEqual({ source: "npm", ...NPM });
    expect(calls.npm).toBe(1);
    // It looked at every usual place before falling back.
    expect(calls.checked).toEqual(systemCandidates("linux", { PATH: "/usr/bin:/bin" }));
  });
});

describe("systemCandidates", () => {
  it("looks up each name in each PATH folder, then the fixed places", () => {
    expect(systemCandidates("linux", { PATH: "/a:/b" })).toEqual([
      "/a/chromium",
      "/b/chromium",
      "/a/chromium-browser",
      "/b/chromium-browser",
      "/a/google-chrome-stable",
      "/b/google-chrome-stable",
      "/a/google-chrome",
      "/b/google-chrome",
      "/usr/bin/chromium",
      "/snap/bin/chromium",
    ]);
  });

  it("skips a place whose environment variable is unset, and knows no places on an unknown platform", () => {
    expect(systemCandidates("win32", { LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local" })).toEqual([
      "C:\\Users\\me\\AppData\\Local\\Chromium\\Application\\chrome.exe",
      "C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe",
    ]);
    expect(systemCandidates("aix", { PATH: "/usr/bin" })).toEqual([]);
  });
});
