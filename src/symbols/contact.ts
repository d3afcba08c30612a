/**
 * A contact marker of a team scene (issue #30, double-blind) as the board draws it when the world shows counts
 * (setting *Double-blind: contacts show a count*): the generic counter with a question mark of
 * assets/icons/contact.svg, and at its top right a dark disc with the number of enemy pieces the side saw in the
 * hex. Without a count the token shows the image file itself. Drawn on a 100 × 100 box, to be read at 50 px. Pure.
 */

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The counted contact as SVG, `label` its accessible name (in the reader's words), `px` pixels square. */
export function contactSvg(count: number, label: string, px = 100): string {
  const shown = count > 99 ? "99+" : String(count);
  const size = shown.length > 2 ? 17 : 22;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${px}" height="${px}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>` +
    // The image file's drawing (assets/icons/contact.svg), so a counted contact looks like every other one.
    `<rect x="8" y="20" width="84" height="60" rx="4" fill="#f2e6c9" stroke="#2b2b2b" stroke-width="4"/>` +
    `<text x="50" y="64" font-family="sans-serif" font-size="40" font-weight="bold" text-anchor="middle" fill="#2b2b2b">?</text>` +
    `<g class="contact-count"><circle cx="84" cy="22" r="15" fill="#1b1b1b" stroke="#fff" stroke-width="3"/>` +
    `<text x="84" y="22" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#fff">${shown}</text></g>` +
    `</svg>`
  );
}
