/** A file the shop made for download (the staff-export answer). */
export interface FileToDownload {
  filename: string;
  media_type: string;
  /** Text (written as UTF-8) or bytes (a PDF). */
  content: string | Uint8Array<ArrayBuffer>;
}

/** A file's bytes from the base64 the shop answers them in (the tickets' PDF, decision 0076). */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
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
