import fc from 'fast-check';
import { createMemoryRouter, createPath } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fromParam, safeRedirectTarget } from './safe-redirect';

const SHOP = 'https://shop.example';
const LOGIN_PAGE = `${SHOP}/login`;

describe('safeRedirectTarget', () => {
  it('follows same-site paths with their query', () => {
    expect(safeRedirectTarget('/portal/orders/AB12?tab=1')).toBe('/portal/orders/AB12?tab=1');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', 'portal', '', null, undefined])(
    'refuses %j',
    (value) => {
      expect(safeRedirectTarget(value)).toBeNull();
    },
  );

  it.each(['/%2F/evil.example', '/%2f%2fevil.example', '/%5Cevil.example', '/%09/evil.example'])(
    'refuses %j, which leaves the shop once decoded as React Router reads a path',
    (value) => {
      expect(safeRedirectTarget(value)).toBeNull();
    },
  );

  it.each(['/..//evil.example', '/%2e%2e//evil.example', '/portal/../..//evil.example'])(
    'refuses %j, whose dot segments the browser resolves to "//evil.example"',
    (value) => {
      expect(safeRedirectTarget(value)).toBeNull();
    },
  );

  it('follows a query with escapes and a path with a malformed one, which stay on the shop', () => {
    expect(safeRedirectTarget('/tickets?q=50%25%20off')).toBe('/tickets?q=50%25%20off');
    expect(safeRedirectTarget('/tickets/50%')).toBe('/tickets/50%');
  });

  it('reads the from parameter of a search string', () => {
    expect(fromParam('?from=%2Fcheckout')).toBe('/checkout');
    expect(fromParam('?from=https%3A%2F%2Fevil.example')).toBeNull();
    expect(fromParam('')).toBeNull();
  });
});

/**
 * Properties: whatever a crafted link puts in `from`, a target that is followed stays on the shop,
 * read the ways the browser and React Router read it.
 */

/** The pieces that make URL parsers change their mind: slashes, schemes, encodings, whitespace. */
const TRICKY_PIECES = [
  '/', '//', '\\', ':', '\t', '\n', '\r', ' ', '\u0000', '\u000b', '\u007f', '\u00a0', '\u200b', '\ufeff', '\u2028',
  '%2F', '%2f', '%5C', '%5c', '%09', '%0A', '%0d', '%00', '%20', '%25', '%252F', '%255C', '%', '%%', '%E0%A4%A',
  'javascript:', 'JaVaScRiPt:', 'data:', 'https:', 'http:', 'https://', '//evil.example', 'evil.example', 'shop.example',
  '@', '.', '..', '/..', '/../', '%2e', '%2E%2e', '.%2e', '?', '#', '&', '=', 'from=', '\uff0f', '\u2215', '\uff3c', '\u3002',
  'portal', 'a', '0',
];

/** A string made of tricky pieces, most of them starting with a slash as a candidate path does. */
const trickyValue = fc
  .tuple(fc.constantFrom('/', '/', '/', '//', '\\', ''), fc.array(fc.oneof(fc.constantFrom(...TRICKY_PIECES), fc.string({ maxLength: 3 })), { maxLength: 12 }))
  .map(([start, pieces]) => start + pieces.join(''));

/** Any text at all: every Unicode code point, lone surrogates included. */
const anyValue = fc.string({ unit: 'binary', maxLength: 40 });

const anyCandidate = fc.oneof(
  { arbitrary: trickyValue, weight: 4 },
  { arbitrary: anyValue, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((rest) => `/${rest}`), weight: 1 },
);

/** How the browser reads a target on the login page: where it leads, and the path it ends at there. */
function resolve(href: string): { origin: string; pathname: string } {
  const url = new URL(href, LOGIN_PAGE);
  return { origin: url.origin, pathname: url.pathname };
}

/** A path of the shop's own: on its origin, and no "//" that a later reader could take for a host. */
function expectShopPath(href: string) {
  const { origin, pathname } = resolve(href);
  expect(origin).toBe(SHOP);
  expect(pathname.startsWith('//'), `${JSON.stringify(href)} resolves to the path ${pathname}`).toBe(false);
}

/** decodeURIComponent as React Router's matcher applies it to a path: a malformed escape stays as it is. */
function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Where React Router's navigate(target) from the login page puts the browser (pushState resolves the href). */
async function routerDestination(target: string): Promise<string> {
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/login'] });
  try {
    await router.navigate(target, { replace: true });
    return createPath(router.state.location);
  } finally {
    router.dispose();
  }
}

describe('safeRedirectTarget, for any value', () => {
  it('follows a target only to the shop’s own origin, as the browser resolves it', () => {
    fc.assert(
      fc.property(anyCandidate, (value) => {
        const target = safeRedirectTarget(value);
        if (target === null) return;
        expect(target.startsWith('/')).toBe(true);
        expectShopPath(target);
      }),
      { numRuns: 20_000 },
    );
  });

  it('follows a target that stays on the shop even once decoded again (React Router decodes paths to match them)', () => {
    fc.assert(
      fc.property(anyCandidate, (value) => {
        const target = safeRedirectTarget(value);
        if (target === null) return;
        const decoded = decodeOnce(target);
        expectShopPath(decoded);
        // Nothing a browser drops or turns into "/" either: it is a path as a link of the shop writes it.
        expect(decoded.startsWith('/') && !decoded.startsWith('//')).toBe(true);
        // eslint-disable-next-line no-control-regex
        expect(/[\u0000-\u001f\u007f\\]/.test(decoded)).toBe(false);
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps React Router’s navigation from the login page on the shop’s origin', async () => {
    // React Router warns of every path with a malformed escape it cannot decode: expected here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    await fc.assert(
      fc.asyncProperty(anyCandidate, async (value) => {
        const target = safeRedirectTarget(value);
        if (target === null) return;
        expectShopPath(await routerDestination(target));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the from parameter of a link, however it is written, only as a path of the shop', () => {
    fc.assert(
      fc.property(anyCandidate, fc.boolean(), (value, encode) => {
        // A crafted link may hold the value as written or encoded; URLSearchParams decodes it once.
        const target = fromParam(`?from=${encode ? encodeURIComponent(value) : value}`);
        if (encode) expect(target).toBe(safeRedirectTarget(value));
        if (target !== null) expectShopPath(target);
      }),
      { numRuns: 20_000 },
    );
  });

  it('follows every plain path of the shop unchanged', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/).filter((text) => text !== '.' && text !== '..');
    const query = fc.option(fc.stringMatching(/^[A-Za-z0-9=&_-]{0,20}$/), { nil: undefined });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 4 }), query, (segments, search) => {
        const path = `/${segments.join('/')}${search === undefined ? '' : `?${search}`}`;
        expect(safeRedirectTarget(path)).toBe(path);
        expect(fromParam(`?from=${encodeURIComponent(path)}`)).toBe(path);
      }),
    );
  });
});
