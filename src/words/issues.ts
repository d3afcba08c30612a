/**
 * zod's issues as phrases (docs/i18n.md): a problem a user reads when an import, a file or a macro
 * argument is refused names the field and says what is wrong, in the reader's language.
 *
 * - A schema's own message is its lang key: `.min(1, "NOBC.Validation.Pack.NotEmpty")`; the issue's
 *   details (minimum, maximum, the value given) fill it.
 * - A custom issue with data carries its whole phrase: `ctx.addIssue({ code: "custom", path, ...said(phrase(…)) })`.
 * - zod's built-in issues map from `issue.code` and its details to `NOBC.Validation.*` keys.
 *
 * Parse with `{ reportInput: true }` so a problem can quote the value given. Pure: zod and the rules core only.
 */
import type { z } from "zod";
import { phrase, type Phrase, type PhraseArg } from "../rules/resolution";
import { formatPath } from "./path";

type Issue = z.core.$ZodIssue;

/** What a custom issue carries so its phrase survives zod: the key as message, the phrase in `params`. */
export function said(text: Phrase): { message: string; params: { phrase: Phrase } } {
  return { message: text.key, params: { phrase: text } };
}

/** Parse options that keep the value given on each issue, so problems can quote it. */
export const WITH_INPUT = { reportInput: true } as const;

const TYPE_LABELS: Readonly<Record<string, string>> = {
  string: "NOBC.Validation.Type.string",
  number: "NOBC.Validation.Type.number",
  int: "NOBC.Validation.Type.int",
  boolean: "NOBC.Validation.Type.boolean",
  bigint: "NOBC.Validation.Type.bigint",
  symbol: "NOBC.Validation.Type.symbol",
  undefined: "NOBC.Validation.Type.undefined",
  null: "NOBC.Validation.Type.null",
  date: "NOBC.Validation.Type.date",
  array: "NOBC.Validation.Type.array",
  object: "NOBC.Validation.Type.object",
  record: "NOBC.Validation.Type.record",
  tuple: "NOBC.Validation.Type.tuple",
  function: "NOBC.Validation.Type.function",
  nan: "NOBC.Validation.Type.nan",
};

/** A type's name as a phrase; a type we do not name stands for itself. */
function typeName(type: string): PhraseArg {
  const key = TYPE_LABELS[type];
  return key === undefined ? type : phrase(key);
}

/** The type of a value as zod names it. */
function typeOfInput(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (input instanceof Date) return "date";
  if (typeof input === "number" && Number.isNaN(input)) return "nan";
  return typeof input;
}

/** The most characters of a string a problem quotes; a longer one is cut, with an ellipsis. */
export const MAX_QUOTED = 200;

/**
 * A value as a problem quotes it: JSON where it has one, else its string. A string longer than
 * `MAX_QUOTED` is cut before it is written out, so a huge one (a forged request) costs no copy.
 */
export function quoted(input: unknown): string {
  // JSON.stringify gives undefined for undefined, functions and symbols (its lib type does not say so).
  if (typeof input === "undefined" || typeof input === "function" || typeof input === "symbol") return String(input);
  if (typeof input === "string" && input.length > MAX_QUOTED) return `${JSON.stringify(input.slice(0, MAX_QUOTED)).slice(0, -1)}…"`;
  return JSON.stringify(input);
}

/**
 * The most problems a refusal lists, and the most unknown keys a problem quotes: a handful is enough
 * to see what is wrong, and a forged request with 100,000 of them must not cost the GM (or the
 * socket, or the asker's screen) a list of 100,000. The rest are counted ("and 99,995 more").
 */
export const MAX_LISTED = 5;

/**
 * At most `MAX_LISTED` of `items` as problems, and one more phrase counting the rest: only the
 * listed ones are worded, so a long list costs its length to count, never to word.
 */
export function listedProblems<T>(items: readonly T[], word: (item: T) => Phrase, max = MAX_LISTED): Phrase[] {
  const listed = items.slice(0, max).map(word);
  return items.length > max ? [...listed, phrase("NOBC.Validation.MoreProblems", { count: items.length - max })] : listed;
}

/** Unknown keys quoted: the first `MAX_LISTED`, then how many more. */
function keyList(keys: readonly string[]): PhraseArg {
  const shown = keys.slice(0, MAX_LISTED).map(quoted).join(", ");
  return keys.length > MAX_LISTED ? phrase("NOBC.Validation.AndMore", { list: shown, count: keys.length - MAX_LISTED }) : shown;
}

function numberOf(value: number | bigint): number {
  return Number(value);
}

const SIZED: Readonly<Record<string, "characters" | "items">> = {
  string: "characters",
  array: "items",
  set: "items",
  map: "items",
  file: "items",
};

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): Phrase {
  const count = numberOf(issue.minimum);
  const sized = SIZED[issue.origin];
  if (sized === "characters")
    return phrase(issue.exact ? "NOBC.Validation.CharactersExactly" : "NOBC.Validation.TooSmall.Characters", { count });
  if (sized === "items") return phrase(issue.exact ? "NOBC.Validation.ItemsExactly" : "NOBC.Validation.TooSmall.Items", { count });
  if (issue.exact) return phrase("NOBC.Validation.Exactly", { value: count });
  return phrase(issue.inclusive === false ? "NOBC.Validation.TooSmall.MoreThan" : "NOBC.Validation.TooSmall.AtLeast", { minimum: count });
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>): Phrase {
  const count = numberOf(issue.maximum);
  const sized = SIZED[issue.origin];
  if (sized === "characters")
    return phrase(issue.exact ? "NOBC.Validation.CharactersExactly" : "NOBC.Validation.TooBig.Characters", { count });
  if (sized === "items") return phrase(issue.exact ? "NOBC.Validation.ItemsExactly" : "NOBC.Validation.TooBig.Items", { count });
  if (issue.exact) return phrase("NOBC.Validation.Exactly", { value: count });
  return phrase(issue.inclusive === false ? "NOBC.Validation.TooBig.LessThan" : "NOBC.Validation.TooBig.AtMost", { maximum: count });
}

function invalidFormat(issue: Extract<Issue, { code: "invalid_format" }>): Phrase {
  const details = issue as { prefix?: string; suffix?: string; includes?: string };
  if (issue.format === "starts_with") return phrase("NOBC.Validation.Format.StartsWith", { text: details.prefix ?? "" });
  if (issue.format === "ends_with") return phrase("NOBC.Validation.Format.EndsWith", { text: details.suffix ?? "" });
  if (issue.format === "includes") return phrase("NOBC.Validation.Format.Includes", { text: details.includes ?? "" });
  if (issue.format === "regex") return phrase("NOBC.Validation.Format.Pattern", { pattern: issue.pattern ?? "" });
  return phrase("NOBC.Validation.Format.Other", { format: issue.format });
}

/** What zod says of a built-in issue, as a phrase. */
function builtIn(issue: Issue): Phrase {
  switch (issue.code) {
    case "invalid_type":
      return "input" in issue
        ? phrase("NOBC.Validation.InvalidType", { expected: typeName(issue.expected), received: typeName(typeOfInput(issue.input)) })
        : phrase("NOBC.Validation.Expected", { expected: typeName(issue.expected) });
    case "invalid_value":
      return issue.values.length === 1
        ? phrase("NOBC.Validation.InvalidValue", { value: quoted(issue.values[0]) })
        : phrase("NOBC.Validation.InvalidOption", { values: issue.values.map(quoted).join(", ") });
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      return invalidFormat(issue);
    case "not_multiple_of":
      return phrase("NOBC.Validation.NotMultipleOf", { divisor: issue.divisor });
    case "unrecognized_keys":
      return phrase("NOBC.Validation.UnrecognizedKeys", { count: issue.keys.length, keys: keyList(issue.keys) });
    case "invalid_key": {
      // A bad record key carries its own issue inside; that one says what is wrong.
      const inner = issue.issues[0];
      return inner === undefined ? phrase("NOBC.Validation.InvalidKey") : issuePhrase(inner);
    }
    case "invalid_element":
      return phrase("NOBC.Validation.InvalidElement");
    case "invalid_union":
      return phrase("NOBC.Validation.InvalidInput");
    case "custom":
      return phrase("NOBC.Validation.InvalidInput");
  }
}

/** The value an issue quotes, when the parse kept it. */
function inputData(issue: Issue): Record<string, PhraseArg> {
  return "input" in issue ? { input: quoted(issue.input) } : {};
}

/** A schema's own message (a lang key) filled with the issue's details. */
function ownMessage(issue: Issue): Phrase {
  const data: Record<string, PhraseArg> = inputData(issue);
  if (issue.code === "too_small") data["minimum"] = numberOf(issue.minimum);
  if (issue.code === "too_big") data["maximum"] = numberOf(issue.maximum);
  if (issue.code === "invalid_value") {
    data["choices"] = issue.values.map(String).join(", ");
    data["expected"] = issue.values.map(quoted).join(", ");
  }
  return phrase(issue.message, data);
}

function isPhrase(value: unknown): value is Phrase {
  return typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";
}

/** What is wrong, as a phrase: the issue's own phrase, its schema's lang key, or zod's built-in issue mapped by code. */
export function issuePhrase(issue: Issue): Phrase {
  if (issue.code === "custom" && isPhrase(issue.params?.["phrase"])) return issue.params["phrase"];
  if (issue.message.startsWith("NOBC.")) return ownMessage(issue);
  return builtIn(issue);
}

/** "field: problem", the field as a dotted path; `whole` names the value itself when the path is empty. */
export function fieldProblem(issue: Issue, whole: Phrase): Phrase {
  const field = formatPath(issue.path);
  return phrase("NOBC.Validation.Problem", { field: field === "" ? whole : field, problem: issuePhrase(issue) });
}
