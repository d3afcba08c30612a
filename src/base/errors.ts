/** What a caught error says, for a notice or a refusal's details (a thrown non-Error as text). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A refusal thrown where returning one is not possible (a public function a macro may call): the
 * lang key of why. Callers that face the user catch it and warn; nothing was changed.
 */
export class RefusedError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = "RefusedError";
  }
}
