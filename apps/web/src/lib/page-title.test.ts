import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageTitleStore } from './page-title';

afterEach(() => pageTitleStore.set(null));

describe('pageTitleStore', () => {
  it("holds a page's own title, trimmed, and null for blank text", () => {
    pageTitleStore.set('  Weekend ticket ');
    expect(pageTitleStore.get()).toBe('Weekend ticket');
    pageTitleStore.set('   ');
    expect(pageTitleStore.get()).toBeNull();
  });

  it('tells subscribers about a change, but not about the same title again', () => {
    const listener = vi.fn();
    const stop = pageTitleStore.subscribe(listener);
    pageTitleStore.set('Item not found');
    pageTitleStore.set('Item not found');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    pageTitleStore.set(null);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
