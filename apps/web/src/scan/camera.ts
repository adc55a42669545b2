import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DecodeAnswer, DecodeRequest } from './decoder.worker';

/** The part of the Barcode Detection API the scanner uses (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** A frame every this many milliseconds: quick enough to read a code within a second, light on a phone's battery. */
const FRAME_MS = 120;
/** Frames are read at most this wide: jsQR's time grows with the pixels. */
const DECODE_WIDTH = 800;

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/** The device's BarcodeDetector when it reads QR codes; otherwise jsQR in a worker, fed frames from a canvas. */
async function makeDecoder(): Promise<{ decode: Decode; close: () => void }> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if ('BarcodeDetector' in window && Detector) {
    try {
      if ((await Detector.getSupportedFormats()).includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return { decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null, close: () => {} };
      }
    } catch {
      // Fall through to the worker.
    }
  }
  const worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module', name: 'qr-decoder' });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let next = 0;
  const waiting = new Map<number, (text: string | null) => void>();
  worker.addEventListener('message', (event: MessageEvent<DecodeAnswer>) => {
    waiting.get(event.data.id)?.(event.data.text);
    waiting.delete(event.data.id);
  });
  return {
    decode: (video) => {
      if (!context || !video.videoWidth) return Promise.resolve(null);
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const id = (next += 1);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, width: image.width, height: image.height, pixels: image.data } satisfies DecodeRequest, [image.data.buffer]);
      });
    },
    close: () => worker.terminate(),
  };
}

export type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * Starts the back camera into `element` and hands every QR code read to `onText`; answers the
 * function that stops it all (camera, decoder, frame loop).
 */
export function startCamera(element: HTMLVideoElement, onText: (text: string) => void, onState: (state: CameraState) => void): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let decoder: { decode: Decode; close: () => void } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = async () => {
    if (stopped || !decoder) return;
    try {
      const text = await decoder.decode(element);
      if (text && !stopped) onText(text);
    } catch {
      // A frame that cannot be read: the next one may.
    }
    if (!stopped) timer = setTimeout(() => void loop(), FRAME_MS);
  };
  onState('starting');
  (async () => {
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
      if (stopped) return;
      element.srcObject = stream;
      await element.play();
      decoder = await makeDecoder();
      if (stopped) return;
      onState('on');
      void loop();
    } catch {
      if (!stopped) onState('unavailable');
    }
  })();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    decoder?.close();
    for (const track of stream?.getTracks() ?? []) track.stop();
    element.srcObject = null;
  };
}

/**
 * The back camera into the video element while `on`, with every QR code read handed to `onText`
 * (repeats included: the caller filters them). Stops the camera when switched off or unmounted.
 */
export function useQrCamera(video: RefObject<HTMLVideoElement | null>, on: boolean, onText: (text: string) => void): CameraState {
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onText);
  useEffect(() => {
    handler.current = onText;
  }, [onText]);
  useEffect(() => {
    const element = video.current;
    if (!on || !element) return;
    return startCamera(element, (text) => handler.current(text), setState);
  }, [on, video]);
  return on ? state : 'off';
}

/** The camera reads a code many times a second: the same text within this window is one scan. */
export const REPEAT_MS = 3_000;

/** Whether a camera read is new: not the same text as the last read, less than REPEAT_MS ago. */
export function createRepeatFilter(windowMs = REPEAT_MS) {
  let last: { text: string; at: number } | null = null;
  return (text: string, at: number): boolean => {
    if (last && last.text === text && at - last.at < windowMs) {
      // Still in front of the camera: held there, it stays one scan.
      last.at = at;
      return false;
    }
    last = { text, at };
    return true;
  };
}
