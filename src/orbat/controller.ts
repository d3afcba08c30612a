/**
 * The order-of-battle import dialog (GM only; docs/orbat.md): a file or pasted text is checked as a
 * whole, its problems or a preview shown, and Import creates the folders and actors in batches and
 * updates the actors of the world that rows name (every change listed in the preview first). The
 * import writes through Foundry's batch calls, as it always has, not the rules' write path: it
 * sets a world up rather than playing a turn, so it has no Undo (docs/orbat.md).
 * Choosing a file checks it at once; Check checks the pasted text again.
 */
import { isGM, localize, notify, say, translator } from "../base/foundry";
import { gmOnly, opened, refused, type DialogController, type FormValues } from "../apps/base/controller";
import { importDialogContext, type DialogState } from "./context";
import { executePlan, IncompleteImportError, type DocumentCalls } from "./execute";
import type { ActorData, FolderData } from "./plan";
import { detectFormat, prepareFile, prepareImport } from "./index";
import { worldActorData } from "../world/read";

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

/** The Foundry calls the import makes: one batch of folders, one of actors, one of links. */
const foundryCalls: DocumentCalls = {
  createFolders: (data: FolderData[]) => Folder.createDocuments(data, { keepId: true }),
  createActors: async (data: ActorData[]) => {
    const created = await Actor.createDocuments(data);
    return created.map((a) => ({ id: a.id, uuid: a.uuid }));
  },
  updateActors: (updates) => Actor.updateDocuments(updates),
};

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
  actions: { check: (state) => checkImport(state) },
  submit(state) {
    const { result } = state;
    if (!result?.ok) return refused([localize("NOBC.Orbat.NotChecked")]);
    return {
      ok: true,
      value: {
        run: async () => {
          const done = await executePlan(result.plan, foundryCalls).catch((error: unknown) => {
            // The dialog tells the error's message: this one in the reader's words.
            throw error instanceof IncompleteImportError ? new Error(say(error.text)) : error;
          });
          notify("info", "NOBC.Orbat.Done", { actors: done.actors, folders: done.folders, updated: done.updated });
          return { ok: true, value: done };
        },
      },
    };
  },
};
