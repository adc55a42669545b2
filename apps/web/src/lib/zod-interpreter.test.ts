import { afterEach, describe, expect, it, vi } from 'vitest';

// vi.stubGlobal also runs this file in a fresh module graph (the unit-isolated layer): zod must be
// loaded here for the first time, after the setting, as in the shop where a page's chunk brings it.
afterEach(() => vi.unstubAllGlobals());

describe('zod in interpreter mode', () => {
  it('is configured by the global the shop entry sets before zod loads, and then never builds a function', async () => {
    const made: unknown[] = [];
    vi.stubGlobal('__zod_globalConfig', undefined);
    await import('./zod-interpreter');
    const { z, config } = await import('zod');
    expect(config().jitless).toBe(true);
    vi.stubGlobal(
      'Function',
      new Proxy(Function, {
        construct(target, args: string[]) {
          made.push(args);
          return Reflect.construct(target, args);
        },
      }),
    );
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
    expect(schema.safeParse({ name: 'a' }).success).toBe(false);
    expect(made).toEqual([]);
  });
});
