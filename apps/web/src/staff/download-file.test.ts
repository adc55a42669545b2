// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, REVOKE_AFTER_MS } from './download-file';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('downloading an export', () => {
  it('clicks a download link to a Blob of the answer’s media type and bytes, then revokes its address', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoked: string[] = [];
    const urls = {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:export-1';
      },
      revokeObjectURL: (url: string) => void revoked.push(url),
    };
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download, attached: this.isConnected });
    });
    try {
      downloadFile({ filename: 'attendees-20261124-1000.csv', media_type: 'text/csv; charset=utf-8', content: '\uFEFF"holder_name"\r\n"Zoë"\r\n' }, document, urls);
    } finally {
      click.mockRestore();
    }

    expect(clicked).toEqual([{ href: 'blob:export-1', download: 'attendees-20261124-1000.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs[0]!.type).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFF"holder_name"\r\n"Zoë"\r\n');

    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoked).toEqual(['blob:export-1']);
  });
});
