/**
 * A file handed to the browser to save (the theatre's export): a Blob behind a link clicked once.
 * Text and a workbook's bytes alike, so the .xlsx is not pushed through a string.
 */
export function saveFile(data: string | Uint8Array, type: string, fileName: string): void {
  const blob = new Blob([data as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser has started the download once the click returns; the URL may go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
