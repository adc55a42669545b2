import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preload';

describe('preloadable', () => {
  it('loads once and keeps the value', async () => {
    const loader = vi.fn(async () => 'panel');
    const panel = preloadable(loader);
    expect(panel.current()).toBeUndefined();
    await Promise.all([panel.load(), panel.load()]);
    expect(panel.current()).toBe('panel');
    await panel.load();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const loader = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('panel');
    const panel = preloadable(loader);
    await expect(panel.load()).rejects.toThrow('offline');
    expect(panel.current()).toBeUndefined();
    await expect(panel.load()).resolves.toBe('panel');
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
