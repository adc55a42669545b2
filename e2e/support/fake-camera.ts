import QRCode from 'qrcode';

/**
 * A video for Chromium's fake camera (--use-file-for-fake-video-capture): a QR code of `text` on
 * white, as a Y4M file (YUV 4:2:0), a few identical frames that Chromium plays in a loop. The
 * scanner reads it as a phone's camera would read a ticket held up to it.
 */
export function qrCodeVideo(text: string, options: { width?: number; height?: number; frames?: number } = {}): Buffer {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  // Four modules of quiet zone on each side, as on the ticket.
  const scale = Math.floor(Math.min(width, height) / (modules + 8));
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules * scale; y += 1) {
    for (let x = 0; x < modules * scale; x += 1) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: options.frames ?? 10 }, () => frame)]);
}
