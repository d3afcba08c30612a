/**
 * The single-client latency mode (`NOBC_WIRE_DELAY=<ms>`, set by the `wire` project of
 * vitest.config.ts for tests/security/ and tests/turn/): the test's own stand-in sends every write over a wire
 * instead of carrying it out at once. The write is checked and carried out (as the server would, on
 * this one copy, ./wire.ts) only after the code under test has gone idle, in the order sent, and the
 * writer's promise settles then: code that reads a document right after sending a write, or that
 * counts on two writes landing together, shows up. The delay orders the writes on the wire's clock
 * (as ./clients.ts does); its length is not waited out in wall-clock time. Several clients with
 * their own copies are ./clients.ts.
 */
import { setWire, type WireCall } from "./foundry";
import { carryOut } from "./wire";

const realImmediate = setImmediate;
const idle = (): Promise<void> => new Promise((resolve) => realImmediate(resolve));

export function installLatency(delay: number): void {
  let clock = 0;
  let last: Promise<unknown> = Promise.resolve();
  setWire((call: WireCall) => {
    const writer = (globalThis as unknown as { game: { user: { id: string } } }).game.user.id;
    const due = clock + delay;
    const sent = JSON.parse(JSON.stringify(call)) as WireCall;
    const run = last.then(async () => {
      await idle();
      await idle();
      clock = Math.max(clock, due);
      return carryOut(sent, writer);
    });
    last = run.catch(() => undefined);
    return run;
  });
}
