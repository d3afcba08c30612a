/**
 * One client's end of the multi-client harness's wire (./clients.ts): a write the server accepted
 * (or the server's own check of one) carried out on this client's copy of the world, as that
 * writer's. The stand-in's write methods take a `WireCall` (./foundry.ts, ./chat-fake.ts): the
 * document (by uuid), the document class, the message, the user or the setting, the method and its
 * arguments as plain data. Here the same method runs on this copy under `replayAs(writer)`: the
 * permission checks and the hooks' user id are the writer's, nothing is sent again, and the call
 * lists that tests count stay those of the client that made the call.
 */
import { harness, HarnessRefusal, replayAs, type UserLike, type WireCall } from "./foundry";

type Raw = Record<string, unknown>;
type Method = (...args: unknown[]) => Promise<unknown>;

/** The document classes a `class` call names. */
function documentClass(name: string): Raw | undefined {
  const classes: Record<string, unknown> = {
    Actor: harness.Actor,
    Item: harness.Item,
    Scene: harness.Scene,
    Combat: harness.Combat,
    JournalEntry: harness.JournalEntry,
    Token: harness.Token,
    ActiveEffect: harness.ActiveEffect,
  };
  return classes[name] as Raw | undefined;
}

/** Read through `game` (the chat fake's messages and users, when it is installed), so this imports no fake of its own. */
function collection(name: "messages" | "users"): { get(id: string): unknown } | undefined {
  const held = harness.game[name] as { get?: unknown } | undefined;
  return typeof held?.get === "function" ? (held as { get(id: string): unknown }) : undefined;
}

const fromUuid = (uuid: string): unknown =>
  (globalThis as unknown as { foundry: { utils: { fromUuidSync(u: string): unknown } } }).foundry.utils.fromUuidSync(uuid);

/** An operation off the wire: its `parentUuid` back to this copy's document. */
function operationOf(op: unknown): Raw {
  const { parentUuid, ...rest } = (op ?? {}) as Raw & { parentUuid?: string };
  if (parentUuid === undefined) return rest;
  const parent = fromUuid(parentUuid);
  if (parent === null) throw new HarnessRefusal(`${parentUuid} does not exist`);
  return { ...rest, parent };
}

function methodOf(target: unknown, name: string, what: string): Method {
  const fn = (target as Record<string, unknown> | null | undefined)?.[name];
  if (typeof fn !== "function") throw new HarnessRefusal(`${what} does not exist here, or has no ${name}`);
  return (fn as Method).bind(target);
}

function invoke(call: WireCall): Promise<unknown> {
  const { kind, target, method, args } = call;
  switch (kind) {
    case "document":
      return methodOf(fromUuid(target), method, target)(...args);
    case "class": {
      const [data, op] = args;
      const cls = documentClass(target);
      return method === "create" ? methodOf(cls, method, target)(data) : methodOf(cls, method, target)(data, operationOf(op));
    }
    case "message":
      return methodOf(collection("messages")?.get(target), method, `ChatMessage [${target}]`)(...args);
    case "chat":
      return methodOf((globalThis as unknown as Raw)["ChatMessage"], method, "ChatMessage")(...args);
    case "user":
      return methodOf(collection("users")?.get(target), method, `User [${target}]`)(...args);
    case "setting": {
      const at = target.indexOf(".");
      return (harness.game["settings"] as { set: Method }).set(target.slice(0, at), target.slice(at + 1), ...args);
    }
  }
}

/** Carries out `call` on this client's copy as `writerId`'s write (rejects as the stand-in refuses it). */
export function carryOut(call: WireCall, writerId: string): Promise<unknown> {
  const known = collection("users")?.get(writerId) as UserLike | undefined;
  const self = harness.game["user"] as UserLike | undefined;
  const writer: UserLike = known ?? (self?.id === writerId ? self : { id: writerId, isGM: false });
  try {
    return replayAs(writer, () => invoke(call));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
