/** What a caught error says, for a notice or a refusal's details (a thrown non-Error as text). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
