/**
 * The Playsheet's dialogs without Foundry: a controller's context and card from a state, with the
 * words of lang/en.json, and the card drawn with the real template (the chat's partials registered).
 */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, registerPartials, type Lang } from "../../harness/handlebars-helpers";
import { resolutionCardContext, type CardView } from "../../../src/chat/context";
import type { Card, DialogController } from "../../../src/apps/base/controller";
import { scriptedDice } from "../../../src/rules/dice";
import type { PlaysheetWorld, ProcedureView } from "../../../src/apps/playsheet/procedure";
import type { CardDisplay } from "../../../src/chat/card-data";

const repo = resolve(__dirname, "../../..");
export const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const parts = readdirSync(resolve(repo, "templates/chat/parts")).map((f) => `systems/nobc/templates/chat/parts/${f}`);

export const env = createHandlebars(lang);
registerPartials(env.hbs, Object.fromEntries(parts.map((p) => [p, readFileSync(resolve(repo, p.replace("systems/nobc/", "")), "utf8")])));
const cardTemplate = env.hbs.compile(readFileSync(resolve(repo, "templates/chat/resolution-card.hbs"), "utf8"));
const dialogTemplate = env.hbs.compile(readFileSync(resolve(repo, "templates/apps/playsheet/procedure.hbs"), "utf8"));

export const GM_WORLD: PlaysheetWorld = { isGM: true, selected: [], targeted: [] };

type AnyPlaysheet<S> = DialogController<S, PlaysheetWorld, Partial<S>>;

/** The dialog's context for a state, and the dialog drawn with its template. */
export function dialogOf<S>(controller: AnyPlaysheet<S>, state: S): { view: ProcedureView; html: string } {
  const view = controller.context(state, GM_WORLD, env) as ProcedureView;
  return { view, html: dialogTemplate({ ...view, busy: false }) };
}

/** The card Submit posts for a state with these die faces, its view and its HTML. */
export async function cardOf<S>(
  controller: AnyPlaysheet<S>,
  state: S,
  faces: readonly number[],
): Promise<{ card: Card; view: CardView; html: string }> {
  const verdict = await controller.submit(state, GM_WORLD, env, scriptedDice(faces));
  if (!verdict.ok) throw new Error(`refused: ${verdict.refusals.join(" ")}`);
  if (!("card" in verdict.value)) throw new Error("no card");
  const card = verdict.value.card;
  const display: CardDisplay = {
    title: card.title,
    inputs: card.inputs ?? [],
    breakdown: card.resolution.breakdown,
    rolls: card.resolution.rolls,
    tableRow: card.tableRow ?? "",
    outcome: card.outcome ?? "",
    ...(card.total === false ? { noTotal: true as const } : {}),
    ...(card.byHand === undefined ? {} : { byHand: card.byHand }),
  };
  const view = resolutionCardContext({ ...display, effects: card.resolution.effects, notes: [] }, (ref) => ref, env);
  return { card, view, html: cardTemplate(view) };
}

/** The state a controller opens on with these arguments (a macro's), or the refusal. */
export function opening<S>(controller: AnyPlaysheet<S>, args: Partial<S> = {}) {
  return controller.open(GM_WORLD, args);
}

/** The opening state (arguments laid over it), which must open. */
export function openState<S>(controller: AnyPlaysheet<S>, args: Partial<S> = {}): S {
  const opened = opening(controller, args);
  if (!opened.ok) throw new Error(`did not open: ${opened.reason}`);
  return opened.state;
}
