import { describe, expect, it } from "vitest";
import { errorText, fileError, notJson, stopped } from "../../src/words/file-errors";

/** A Node system error as fs/promises throws it. */
const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("what the command-line tools say about a file", () => {
  it("names the usual system errors in their own words", () => {
    const missing = systemError("ENOENT", "ENOENT: no such file or directory, open '/x/map.json'");
    expect(fileError("/x/map.json", missing)).toEqual({ key: "NOBC.Cli.File.Missing", data: { file: "/x/map.json" } });
    expect(fileError("/x", systemError("EISDIR", "EISDIR: illegal operation on a directory, read"))).toEqual({
      key: "NOBC.Cli.File.Folder",
      data: { file: "/x" },
    });
    expect(fileError("/x/a.csv", systemError("EACCES", "EACCES: permission denied, open '/x/a.csv'")).key).toBe("NOBC.Cli.File.Denied");
  });

  it("says what failed while writing, without Node's code and path", () => {
    const missingFolder = systemError("ENOENT", "ENOENT: no such file or directory, open '/no/dir/out.svg'");
    expect(fileError("/no/dir/out.svg", missingFolder, true)).toEqual({
      key: "NOBC.Cli.File.CannotWrite",
      data: { file: "/no/dir/out.svg", error: "no such file or directory" },
    });
    expect(fileError("/ro/out.svg", systemError("EACCES", "EACCES: permission denied, open '/ro/out.svg'"), true).data).toEqual({
      file: "/ro/out.svg",
      error: "permission denied",
    });
  });

  it("keeps one line of any other error", () => {
    expect(errorText(new Error("first line\n    at somewhere (file.js:1:1)"))).toBe("first line");
    expect(errorText("plain words")).toBe("plain words");
    expect(fileError("/x/a.csv", new Error("EIO: i/o error, read"))).toEqual({
      key: "NOBC.Cli.CannotRead",
      data: { file: "/x/a.csv", error: "i/o error, read" },
    });
    expect(notJson("/x/m.json", new SyntaxError("Unexpected end of JSON input"))).toEqual({
      key: "NOBC.Cli.File.NotJson",
      data: { file: "/x/m.json", error: "Unexpected end of JSON input" },
    });
    expect(stopped("npm run map", new Error("boom\nstack"))).toEqual({
      key: "NOBC.Cli.File.Stopped",
      data: { tool: "npm run map", error: "boom" },
    });
  });
});
