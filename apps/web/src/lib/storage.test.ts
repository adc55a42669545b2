import { describe, expect, it, vi } from 'vitest';
import { createKeyValueStore } from './storage';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('createKeyValueStore', () => {
  it('keeps values in browser storage when it works', () => {
    const storage = new MemoryStorage();
    const store = createKeyValueStore(() => storage);
    store.set('shop.token', 'abc');
    expect(storage.getItem('shop.token')).toBe('abc');
    expect(store.get('shop.token')).toBe('abc');
    store.remove('shop.token');
    expect(store.get('shop.token')).toBeNull();
  });

  it('falls back to memory when there is no storage', () => {
    const store = createKeyValueStore(() => undefined);
    expect(store.get('shop.cart')).toBeNull();
    store.set('shop.cart', 'CART1');
    expect(store.get('shop.cart')).toBe('CART1');
  });

  it('falls back to memory when reaching storage throws (blocked site data)', () => {
    const store = createKeyValueStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    store.set('shop.token', 'abc');
    expect(store.get('shop.token')).toBe('abc');
  });

  it('falls back to memory when writing throws (private mode, full quota)', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    const store = createKeyValueStore(() => storage);
    store.set('shop.token', 'abc');
    expect(store.get('shop.token')).toBe('abc');
  });

  it('keeps working when storage starts failing after a first write', () => {
    const storage = new MemoryStorage();
    const store = createKeyValueStore(() => storage);
    store.set('shop.token', 'one');
    storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    store.set('shop.token', 'two');
    expect(store.get('shop.token')).toBe('two');
  });

  it('tells subscribers about changes until they unsubscribe', () => {
    const store = createKeyValueStore(() => undefined);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set('shop.token', 'abc');
    store.remove('shop.token');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.set('shop.token', 'x');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
