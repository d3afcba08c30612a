/** Text put into HTML a template does not write (a dialog's content, a plain chat message): every markup character escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}
