/**
 * The order-of-battle import dialog (GM only): a file or pasted text is checked, its problems or a
 * preview shown, and on confirmation the folders and actors are created in batches (docs/orbat.md).
 */
import { templatePath } from "../view/paths";
import { importDialogContext, type DialogState } from "./dialog-context";
import { executePlan, type DocumentCalls } from "./execute";
import type { ActorData, FolderData } from "./plan";
import { detectFormat, prepareImport } from "./index";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

function isGm(): boolean {
  return game.user?.isGM === true;
}

/** The Foundry calls the import makes: one batch of folders, one of actors, one of links. */
const foundryCalls: DocumentCalls = {
  createFolders: (data: FolderData[]) => Folder.createDocuments(data as unknown as Folder.CreateData[], { keepId: true }),
  createActors: async (data: ActorData[]) => {
    const created = await Actor.createDocuments(data as unknown as Actor.CreateData[]);
    return created.map((a) => ({ id: a.id, uuid: a.uuid }));
  },
  updateActors: (updates) => Actor.updateDocuments(updates as unknown as Actor.UpdateData[]),
};

export class OrbatImportDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "nobc-orbat-import",
    tag: "form",
    classes: ["nobc", "nobc-orbat"],
    window: { title: "NOBC.Orbat.Title", icon: "fa-solid fa-sitemap", resizable: true },
    position: { width: 640, height: "auto" as const },
    actions: {
      check: OrbatImportDialog.#onCheck,
      import: OrbatImportDialog.#onImport,
    },
  };

  static override PARTS = {
    body: { template: templatePath("orbat/import-dialog.hbs"), scrollable: [""] },
  };

  #state: DialogState = { text: "", rootFolder: localize("NOBC.Orbat.DefaultRoot"), source: null, result: null, busy: false };

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    return Object.assign(await super._prepareContext(options), importDialogContext(this.#state));
  }

  /** The text to read: the chosen file if there is one, else what was pasted. */
  async #readInput(): Promise<{ text: string; source: string | null; rootFolder: string }> {
    const form = this.element as HTMLFormElement;
    const file = form.querySelector<HTMLInputElement>('input[name="file"]')?.files?.[0];
    const pasted = form.querySelector<HTMLTextAreaElement>('textarea[name="text"]')?.value ?? "";
    const rootFolder = form.querySelector<HTMLInputElement>('input[name="rootFolder"]')?.value.trim() || localize("NOBC.Orbat.DefaultRoot");
    if (file !== undefined) return { text: await file.text(), source: file.name, rootFolder };
    return { text: pasted, source: null, rootFolder };
  }

  static async #onCheck(this: OrbatImportDialog): Promise<void> {
    const { text, source, rootFolder } = await this.#readInput();
    const result = prepareImport(text, detectFormat(text, source ?? undefined), { newId: () => foundry.utils.randomID(), rootFolder });
    // A file's text is not echoed into the paste box; a pasted text stays there to be fixed.
    this.#state = { text: source === null ? text : "", rootFolder, source, result, busy: false };
    await this.render();
  }

  static async #onImport(this: OrbatImportDialog): Promise<void> {
    if (!isGm()) {
      ui.notifications?.error(localize("NOBC.Orbat.GmOnly"));
      return;
    }
    const result = this.#state.result;
    if (result === null || !result.ok || this.#state.busy) return;
    this.#state = { ...this.#state, busy: true };
    await this.render();
    try {
      const done = await executePlan(result.plan, foundryCalls);
      ui.notifications?.info(game.i18n?.format("NOBC.Orbat.Done", { actors: String(done.actors), folders: String(done.folders) }) ?? "");
      await this.close();
    } catch (err) {
      ui.notifications?.error(`${localize("NOBC.Orbat.Failed")} ${(err as Error).message}`);
      this.#state = { ...this.#state, busy: false };
      await this.render();
    }
  }
}

/** Opens the import dialog for a GM; anyone else is told why it does not open. */
export function openOrbatImport(): OrbatImportDialog | null {
  if (!isGm()) {
    ui.notifications?.warn(localize("NOBC.Orbat.GmOnly"));
    return null;
  }
  const dialog = new OrbatImportDialog();
  void dialog.render({ force: true });
  return dialog;
}
