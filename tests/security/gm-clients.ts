/**
 * Two GM clients (and a player's) over the multi-client harness (tests/harness/clients.ts), for the
 * tests of one writer at a time: each client with its own world, its own card code (registered as on
 * init), and writes reaching the others after the wire's delay. Cards are posted by `gm`'s client.
 */
import { afterAll, beforeAll } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import type { CardAction, CardResult, RequestingUser } from "../../src/queries/card-actions";
import type { Effect } from "../../src/rules/effects";
import type * as CardActions from "../../src/queries/card-actions";
import type * as CardControls from "../../src/queries/card-controls";
import type * as ResolutionCard from "../../src/chat/resolution-card";
import type * as Register from "../../src/queries/register";

type Raw = Record<string, unknown>;

/**
 * One network of two GM clients and a player for a whole test file, `delay` ms (or a draw per write)
 * on its wire: opened before the file's tests (`set` receives it), closed after them.
 */
export function openGmNetwork(delay: number | (() => number), set: (net: Network) => void): void {
  let opened: Network | undefined;
  beforeAll(async () => {
    opened = await Network.open({ users: ["gm", "gm2", "p1"], delay });
    set(opened);
  });
  afterAll(() => {
    opened?.close();
    removeAccessors();
  });
}

/** A client's own card code. */
export interface CardCode {
  readonly actions: typeof CardActions;
  readonly register: typeof Register;
  readonly post: typeof ResolutionCard.postResolution;
}

export interface GmTable {
  readonly net: Network;
  readonly gm: Client;
  readonly gm2: Client;
  readonly code: Map<Client, CardCode>;
  /** Posts a card on `gm`'s client and waits until every client has it; its message id. */
  post(effects: readonly Effect[], once?: string): Promise<string>;
  /** `client` carries out `action` on the card as its own user (the GM's click on its own client). */
  act(client: Client, action: CardAction, messageId: string): Promise<CardResult>;
  /** The card's data as `client` reads it. */
  card(client: Client, messageId: string): Raw;
  /** Unit `name`'s strength as `client` reads it. */
  strength(client: Client, name: string): number;
  unitUuid(name: string): string;
  /** Makes `client` believe it is the active GM (a hand-over seen by one client and not yet by the other). */
  believeActive(client: Client): void;
}

/** Opens the network (once per test file is enough: `table.net.world` is rebuilt by each call) with `units` units named u0, u1, …. */
export async function gmTable(options: { units: number; delay: number | (() => number); net?: Network }): Promise<GmTable> {
  const net = options.net ?? (await Network.open({ users: ["gm", "gm2", "p1"], delay: options.delay }));
  await net.world((c) => {
    for (let i = 0; i < options.units; i += 1)
      new c.entry.harness.Actor({
        name: `u${String(i)}`,
        type: "unit",
        system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" },
      });
  });
  const code = new Map<Client, CardCode>();
  for (const c of net.clients) {
    const controls = await c.load<typeof CardControls>("src/queries/card-controls");
    const actions = await c.load<typeof CardActions>("src/queries/card-actions");
    const register = await c.load<typeof Register>("src/queries/register");
    const post = (await c.load<typeof ResolutionCard>("src/chat/resolution-card")).postResolution;
    c.run(() => controls.registerChat());
    code.set(c, { actions, register, post });
  }
  const gm = net.client("gm");
  const gm2 = net.client("gm2");
  const userOf = (c: Client): RequestingUser => c.run(() => game.user as unknown as RequestingUser);
  const unitOf = (c: Client, name: string): { uuid: string; system: Raw } =>
    c.run(() => c.entry.harness.documents().find((d) => d.name === name)) as unknown as { uuid: string; system: Raw };
  const table: GmTable = {
    net,
    gm,
    gm2,
    code,
    async post(effects, once) {
      const message = (await gm.run(() =>
        code.get(gm)!.post({
          title: "Combat",
          resolution: { breakdown: [], rolls: [], outcome: "x", effects: [...effects] },
          ...(once === undefined ? {} : { once }),
        }),
      )) as { id: string };
      await net.settle();
      return message.id;
    },
    act: (client, action, messageId) => client.run(() => code.get(client)!.actions.performCardAction(action, messageId, userOf(client))),
    card: (client, messageId) => client.run(() => client.entry.chatFake.cardOf(client.entry.chatFake.messages.get(messageId))),
    strength: (client, name) => (unitOf(client, name).system["strength"] as { value: number }).value,
    unitUuid: (name) => unitOf(gm, name).uuid,
    believeActive: (client) =>
      client.run(() => {
        client.entry.chatFake.activeGM = client.entry.chatFake.users.get(client.userId)!;
      }),
  };
  return table;
}

export const hit = (uuid: string): Effect[] => [{ type: "hits", actor: uuid, amount: 1 }];
