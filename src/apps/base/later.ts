/**
 * A stand-in for an async function of a module that loads on its first call: the entry point and
 * the registers hand these out on `init`, so the module's code (and what it imports) is not loaded
 * at start-up. Each call awaits the module (loaded once) and runs the function with the same
 * `this` and arguments; what it returns or throws comes back as the promise's.
 */
export function later<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return async function (this: unknown, ...args: unknown[]): Promise<unknown> {
    const fn = (await load())[name] as unknown as (...a: unknown[]) => Promise<unknown>;
    return fn.apply(this, args);
  } as unknown as M[K];
}
