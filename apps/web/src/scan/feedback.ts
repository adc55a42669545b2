/**
 * What a gate hears and feels on each result: a short tone (rising and bright for admit, low and
 * long for a refusal, so the two are told apart without looking) and a vibration where the
 * device has one.
 */
let audio: AudioContext | null = null;

/** Browsers start sound only after a tap: called from the first one (sign in, start scanning). */
export function unlockSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

function tone(context: AudioContext, frequency: number, start: number, length: number, type: OscillatorType) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.4, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

export type Feedback = 'pass' | 'refuse' | 'warn';

export function signal(kind: Feedback): void {
  try {
    if (audio && audio.state !== 'closed') {
      const now = audio.currentTime;
      if (kind === 'pass') {
        tone(audio, 880, now, 0.09, 'sine');
        tone(audio, 1320, now + 0.1, 0.12, 'sine');
      } else {
        tone(audio, 220, now, 0.45, 'square');
        if (kind === 'refuse') tone(audio, 180, now + 0.5, 0.3, 'square');
      }
    }
  } catch {
    // No sound is no reason to fail a scan.
  }
  if ('vibrate' in navigator) navigator.vibrate(kind === 'pass' ? 80 : [220, 90, 220]);
}
