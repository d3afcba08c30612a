/**
 * The "release requested" message in chat: its status for everyone, and for a GM the reason field
 * and the Release / Refuse buttons while it is pending. Only a message a GM wrote is read; a
 * player's lookalike shows nothing and offers nothing. Light: the actions load on the first click.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { format, isGM, localize } from "../../../base/foundry";
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

function statusText(flag: WmdRequestFlag): string {
  if (flag.status === "released") return localize("NOBC.Land.Wmd.Status.released");
  if (flag.status === "refused") return format("NOBC.Land.Wmd.Status.refused", { reason: flag.reason ?? "" });
  return localize("NOBC.Land.Wmd.Status.pending");
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
  status.textContent = statusText(flag);
  let controls = root.querySelector<HTMLElement>(".wmd-controls");
  if (controls === null) {
    controls = doc.createElement("div");
    controls.className = "wmd-controls";
    root.append(controls);
  }
  controls.replaceChildren();
  if (flag.status !== "pending" || !isGM()) return;
  const reason = doc.createElement("input");
  reason.type = "text";
  reason.name = "reason";
  reason.maxLength = MAX_REFUSAL_REASON;
  reason.placeholder = localize("NOBC.Land.Wmd.ReasonPlaceholder");
  reason.setAttribute("aria-label", localize("NOBC.Land.Wmd.Reason"));
  const button = (action: "release" | "refuse", label: string): HTMLButtonElement => {
    const b = doc.createElement("button");
    b.type = "button";
    b.dataset["nobcWmd"] = action;
    b.textContent = localize(label);
    return b;
  };
  const release = button("release", "NOBC.Land.Wmd.Release");
  const refuse = button("refuse", "NOBC.Land.Wmd.Refuse");
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
