import { describe, expect, it } from 'vitest';
import { createInFlightTracker } from './in-flight';

describe('in-flight calls', () => {
  it('drains when the last running call ends, and gives up after the timeout', async () => {
    const tracker = createInFlightTracker();
    expect(await tracker.drained(10)).toBe(true);
    let finish = () => undefined as void;
    const call = tracker.track(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    expect(tracker.running).toBe(1);
    expect(await tracker.drained(20)).toBe(false);
    const drained = tracker.drained(1000);
    finish();
    expect(await call).toBe('done');
    expect(await drained).toBe(true);
    await expect(tracker.track(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(tracker.running).toBe(0);
  });
});
