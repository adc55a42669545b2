/** A file the shop made for download (the staff-export answer). */
export interface FileToDownload {
  filename: string;
  media_type: string;
  content: string;
}

/** How long the file's address lives after the click: the browser has started reading it by then. */
export const REVOKE_AFTER_MS = 1000;

/**
 * Saves text the shop answered as a file, as a link with `download` would: a Blob of the answer's
 * media type (a string becomes UTF-8, so a CSV's byte-order mark stays three bytes), an object URL
 * clicked on a link made for it, and the URL revoked once the download has started.
 */
export function downloadFile(file: FileToDownload, doc: Document = document, urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> = URL): void {
  const url = urls.createObjectURL(new Blob([file.content], { type: file.media_type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => urls.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
