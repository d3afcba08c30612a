/**
 * The "release requested" message in chat: its status for everyone, and for a GM the reason field
 * and the Release / Refuse buttons while it is pending. Only a message a GM wrote is read; a
 * player's lookalike shows nothing and offers nothing. Light: the actions load on the first click.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { isGM, translator, type Translator } from "../../../base/foundry";
import { MAX_REFUSAL_REASON, WMD_REQUEST_FLAG, wmdRequestFlagSchema, type WmdRequestFlag } from "./schema";

interface RenderedMessage {
  readonly id: string | null;
  readonly flags: Record<string, unknown>;
  readonly author?: { readonly isGM?: boolean } | null;
}

function requestOf(message: RenderedMessage): WmdRequestFlag | undefined {
  if (message.author?.isGM !== true) return undefined;
  const raw = (message.flags[SYSTEM_ID] as Record<string, unknown> | undefined)?.[WMD_REQUEST_FLAG];
  const parsed = raw === undefined ? undefined : wmdRequestFlagSchema.safeParse(raw);
  return parsed?.success === true ? parsed.data : undefined;
}

/** What the request message shows this client: its status, and for a GM while pending the Release / Refuse controls. */
export interface WmdRequestView {
  readonly status: string;
  readonly controls: {
    readonly reasonLabel: string;
    readonly reasonPlaceholder: string;
    readonly maxLength: number;
    readonly release: string;
    readonly refuse: string;
  } | null;
}

/**
 * The message's status and controls for `gm` (a GM's client or not), worded by `i18n`; `umpire` is
 * the name of who released or refused it (the flag's `by`), named after the status. Pure.
 */
export function wmdRequestView(flag: WmdRequestFlag, gm: boolean, i18n: Translator, umpire?: string): WmdRequestView {
  const said =
    flag.status === "released"
      ? i18n.localize("NOBC.Land.Wmd.Status.released")
      : flag.status === "refused"
        ? i18n.format("NOBC.Land.Wmd.Status.refused", { reason: flag.reason ?? "" })
        : i18n.localize("NOBC.Land.Wmd.Status.pending");
  const status =
    umpire === undefined || flag.status === "pending" ? said : i18n.format("NOBC.Land.Wmd.Status.by", { status: said, name: umpire });
  const controls =
    flag.status === "pending" && gm
      ? {
          reasonLabel: i18n.localize("NOBC.Land.Wmd.Reason"),
          reasonPlaceholder: i18n.localize("NOBC.Land.Wmd.ReasonPlaceholder"),
          maxLength: MAX_REFUSAL_REASON,
          release: i18n.localize("NOBC.Land.Wmd.Release"),
          refuse: i18n.localize("NOBC.Land.Wmd.Refuse"),
        }
      : null;
  return { status, controls };
}

/** Shows the request's status and, for a GM while it is pending, the Release and Refuse controls. */
export function wireWmdRequest(message: RenderedMessage, html: HTMLElement): void {
  const flag = requestOf(message);
  const root = html.querySelector<HTMLElement>(".nobc-wmd-request");
  if (flag === undefined || root === null || message.id === null) return;
  const messageId = message.id;
  const doc = root.ownerDocument;
  let status = root.querySelector<HTMLElement>(".wmd-status");
  if (status === null) {
    status = doc.createElement("p");
    status.className = "wmd-status";
    root.append(status);
  }
  const by = flag.by === undefined ? undefined : ((game.users?.get(flag.by) as { name?: string } | undefined)?.name ?? flag.by);
  const view = wmdRequestView(flag, isGM(), translator(), by);
  status.textContent = view.status;
  let controls = root.querySelector<HTMLElement>(".wmd-controls");
  if (controls === null) {
    controls = doc.createElement("div");
    controls.className = "wmd-controls";
    root.append(controls);
  }
  controls.replaceChildren();
  const words = view.controls;
  if (words === null) return;
  // The same controls as the template draws for the gallery (templates/apps/land/wmd-request.hbs).
  const reason = doc.createElement("input");
  reason.type = "text";
  reason.name = "reason";
  reason.maxLength = words.maxLength;
  reason.placeholder = words.reasonPlaceholder;
  reason.setAttribute("aria-label", words.reasonLabel);
  const button = (action: "release" | "refuse", label: string): HTMLButtonElement => {
    const b = doc.createElement("button");
    b.type = "button";
    b.dataset["nobcWmd"] = action;
    b.textContent = label;
    return b;
  };
  const release = button("release", words.release);
  const refuse = button("refuse", words.refuse);
  release.addEventListener("click", () => {
    release.disabled = true;
    void import("./request").then(({ releaseWmdRequest }) => releaseWmdRequest(messageId)).finally(() => (release.disabled = false));
  });
  refuse.addEventListener("click", () => {
    refuse.disabled = true;
    void import("./request")
      .then(({ refuseWmdRequest }) => refuseWmdRequest(messageId, reason.value))
      .finally(() => (refuse.disabled = false));
  });
  controls.append(reason, release, refuse);
}
