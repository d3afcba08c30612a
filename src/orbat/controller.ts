/**
 * The order-of-battle import dialog (GM only; docs/orbat.md): a file or pasted text is checked as a
 * whole, its problems or a preview shown, and Import posts the import as a GM card of the one write
 * path (its effects: src/orbat/effects.ts): the card says how many actors it creates and updates and
 * lists every change on demand; its Apply creates the folders and actors and updates the actors of
 * the world that rows name, one call per document class, and its Undo takes that back exactly.
 * Choosing a file checks it at once; Check checks the pasted text again.
 */
import { isGM, localize, notify, say, translator } from "../base/foundry";
import { gmOnly, opened, refused, type DialogController, type FormValues } from "../apps/base/controller";
import { postResolution } from "../chat/resolution-card";
import { MAX_CARD_EFFECTS, MAX_CARD_PART_CHARS } from "../chat/card-data";
import { planPaths } from "../chat/card-record";
import { planEffects, snapshotOf } from "../effects/apply";
import { phrase } from "../rules/resolution";
import { importDialogContext, type DialogState } from "./context";
import { importEffects } from "./effects";
import type { OrbatPlan } from "./plan";
import { detectFormat, prepareFile, prepareImport } from "./index";
import { worldActorData } from "../world/read";
import { ORBAT_HELP_UUID } from "./help";

/** The file input's choice, as much of a `File` as the import reads: its bytes, decoded as the CLI decodes a file. */
export interface ChosenFile {
  readonly name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The dialog's state: the text and where it came from, the check's result (the base keeps `busy`). */
export interface ImportState extends Omit<DialogState, "busy"> {
  /** The file last chosen; editing the pasted text lets go of it. */
  readonly file: ChosenFile | null;
}

export interface ImportWorld {
  readonly isGM: boolean;
}

/** What Import posted: the card's message and how many actors its Apply creates, folders it makes and actors of the world it updates. */
export interface PostedImport {
  readonly message: unknown;
  readonly actors: number;
  readonly folders: number;
  readonly updated: number;
}

/**
 * How many characters the GM's record of the import's card would take (what Apply writes, what Undo
 * writes and the paths: src/chat/card-record.ts), planned over the world as it stands. A chat
 * message's record part holds at most `MAX_CARD_PART_CHARS`: some 800 new actors (a 400-unit
 * theatre's record is about 200,000).
 */
export function importRecordChars(effects: Parameters<typeof planEffects>[0]): number {
  const { inverse, notes: _notes, refusals: _refusals, ...forward } = planEffects(effects, snapshotOf, null);
  return JSON.stringify({ forward, inverse, paths: planPaths(forward) }).length;
}

/**
 * Posts `plan` as the import's card, pending until the GM applies it: its headline says how many
 * actors it creates and updates ("400 actors created, 3 actors updated"), its changes are listed on
 * demand. Refused when the import is more than one card carries.
 */
export async function postImportCard(plan: OrbatPlan, newId: () => string): Promise<PostedImport> {
  const effects = importEffects(plan, newId);
  const outcome = say(
    phrase("NOBC.Orbat.Card.Outcome", {
      created: phrase("NOBC.Orbat.Card.Created", { count: plan.actors.length }),
      updated: phrase("NOBC.Orbat.Card.Updated", { count: plan.updates.length }),
    }),
  );
  const message = await postResolution({
    title: localize("NOBC.Orbat.Card.Title"),
    outcome,
    resolution: { breakdown: [], rolls: [], outcome: null, effects },
  });
  return { message, actors: plan.actors.length, folders: plan.folders.length, updated: plan.updates.length };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Checks the chosen file, else the pasted text. A file's text is not echoed into the paste box; a pasted text stays there to be fixed. */
export async function checkImport(state: ImportState, newId: () => string = () => foundry.utils.randomID()): Promise<ImportState> {
  const { file, rootFolder } = state;
  // The world as it is now: a row naming one of its actors updates it.
  const world = worldActorData();
  if (file === null) {
    const result = prepareImport(state.text, detectFormat(state.text), { newId, rootFolder, world });
    return { ...state, source: null, result };
  }
  const result = await prepareFile(new Uint8Array(await file.arrayBuffer()), file.name, { newId, rootFolder, world });
  return { ...state, text: "", source: file.name, result };
}

/** Opens the help journal from the compendium (read-only there, as the pack is locked). */
async function openOrbatHelp(): Promise<void> {
  const journal = (await foundry.utils.fromUuid(ORBAT_HELP_UUID)) as {
    sheet?: { render(options: { force: boolean }): unknown } | null;
  } | null;
  if (journal?.sheet == null) notify("warn", "NOBC.Orbat.HelpMissing");
  else await journal.sheet.render({ force: true });
}

export const importController: DialogController<ImportState, ImportWorld> = {
  template: "orbat/import-dialog.hbs",
  title: "NOBC.Orbat.Title",
  icon: "fa-solid fa-sitemap",
  classes: ["nobc", "nobc-orbat"],
  width: 640,
  submitAction: "import",
  failed: "NOBC.Orbat.Failed",
  read: (user) => ({ isGM: isGM(user) }),
  open: () => opened({ text: "", rootFolder: localize("NOBC.Orbat.DefaultRoot"), source: null, result: null, file: null }),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.Orbat.GmOnly"),
  // The base sets the busy flag over this one.
  context: (state) => importDialogContext({ ...state, busy: false }, translator()),
  readForm(form) {
    const input = form.querySelector<HTMLInputElement>('input[name="file"]');
    const values: Record<string, unknown> = {
      text: form.querySelector<HTMLTextAreaElement>('textarea[name="text"]')?.value ?? "",
      rootFolder: form.querySelector<HTMLInputElement>('input[name="rootFolder"]')?.value ?? "",
    };
    const file = input?.files?.[0];
    if (file !== undefined) values["file"] = file;
    return values;
  },
  async change(state: ImportState, values: FormValues) {
    const rootFolder = text(values["rootFolder"]).trim() || localize("NOBC.Orbat.DefaultRoot");
    const file = (values["file"] ?? null) as ChosenFile | null;
    if (file !== null && file !== state.file) return checkImport({ ...state, rootFolder, file });
    const pasted = text(values["text"]);
    if (pasted === state.text && rootFolder === state.rootFolder) return state;
    // What was checked is no longer what Import would create: it must be checked again.
    return { ...state, rootFolder, text: pasted, file: pasted === state.text ? state.file : null, result: null };
  },
  actions: {
    check: (state) => checkImport(state),
    help: async (state) => {
      await openOrbatHelp();
      return state;
    },
  },
  submit(state) {
    const { result } = state;
    if (!result?.ok) return refused([localize("NOBC.Orbat.NotChecked")]);
    const { plan } = result;
    // One card carries the import and its record: a file past either bound is refused, to be split.
    const count = plan.folders.length + plan.actors.length + plan.updates.length;
    if (count > MAX_CARD_EFFECTS) return refused([say(phrase("NOBC.Orbat.TooLarge", { count, max: MAX_CARD_EFFECTS }))]);
    if (importRecordChars(importEffects(plan, () => "0000000000000000")) > MAX_CARD_PART_CHARS)
      return refused([say(phrase("NOBC.Orbat.RecordTooLarge", { actors: plan.actors.length }))]);
    return {
      ok: true,
      value: {
        run: async () => {
          const posted = await postImportCard(plan, () => foundry.utils.randomID());
          notify("info", "NOBC.Orbat.Posted", { actors: posted.actors, folders: posted.folders, updated: posted.updated });
          return { ok: true, value: posted };
        },
      },
    };
  },
};
