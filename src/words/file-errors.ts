/**
 * What the command-line tools say when a file cannot be read or written: one line, as a phrase,
 * never Node's stack trace. The usual system errors (no such file, a folder, no permission) get
 * their own words; anything else is named with the first line of its message. Pure.
 */
import { phrase, type Phrase } from "../rules/resolution";

/** The first line of an error's message, without Node's `CODE: ` prefix and `, open '…'` tail. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split("\n")[0] ?? "";
  return line.replace(/^[A-Z]{2,}: /, "").replace(/, \w+ '[^']*'$/, "");
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** A file that could not be read (`writing` false) or written. */
export function fileError(file: string, error: unknown, writing = false): Phrase {
  switch (errorCode(error)) {
    case "ENOENT":
      if (!writing) return phrase("NOBC.Cli.File.Missing", { file });
      break;
    case "EISDIR":
      return phrase("NOBC.Cli.File.Folder", { file });
    case "EACCES":
    case "EPERM":
      if (!writing) return phrase("NOBC.Cli.File.Denied", { file });
      break;
  }
  const text = errorText(error);
  return writing ? phrase("NOBC.Cli.File.CannotWrite", { file, error: text }) : phrase("NOBC.Cli.CannotRead", { file, error: text });
}

/** A file that was read but is not JSON. */
export function notJson(file: string, error: unknown): Phrase {
  return phrase("NOBC.Cli.File.NotJson", { file, error: errorText(error) });
}

/** A tool that stopped on an error nobody foresaw: still one line. */
export function stopped(tool: string, error: unknown): Phrase {
  return phrase("NOBC.Cli.File.Stopped", { tool, error: errorText(error) });
}
