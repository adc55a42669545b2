/// <reference lib="webworker" />
import jsQR from 'jsqr';

/**
 * Reads QR codes from camera frames where the browser has no BarcodeDetector: the page sends a
 * frame's pixels, the worker answers the text it found (or null), off the page's thread.
 */
export interface DecodeRequest {
  id: number;
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
}
export interface DecodeAnswer {
  id: number;
  text: string | null;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener('message', (event: MessageEvent<DecodeRequest>) => {
  const { id, width, height, pixels } = event.data;
  let text: string | null = null;
  try {
    text = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' })?.data || null;
  } catch {
    text = null;
  }
  scope.postMessage({ id, text } satisfies DecodeAnswer);
});
