import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test/waits';
import { CATALOGUE_OVERVIEW_KEY, openingPageOf, startOpeningCall } from './opening-page';
import { openingChunkOf, staffRoutes } from './routes';

const calls = vi.hoisted(() => [] as string[]);
const session = vi.hoisted(() => ({ role: 'admin' as string | null }));
vi.mock('./api', () => ({
  staffCall: (path: string) => {
    calls.push(path);
    if (path === 'staff-me') return session.role === null ? Promise.reject(new Error('signed out')) : Promise.resolve({ member: { role: session.role }, timezone: 'Europe/Amsterdam', currency: 'EUR' });
    return Promise.resolve({ events: [], items: [] });
  },
}));

describe('the page the back office is opened on', () => {
  afterEach(() => {
    calls.length = 0;
  });

  it('is named by its path under /staff', () => {
    expect(['/staff/catalogue', '/staff/catalogue/', '/staff/', '/staff', '/staff/orders/NWF-1'].map(openingPageOf)).toEqual(['catalogue', 'catalogue', '', '', 'orders/NWF-1']);
  });

  it('starts the catalogue’s overview once the session says the role may, into the key its page reads, and no call for other pages', async () => {
    session.role = 'admin';
    const client = new QueryClient();
    startOpeningCall(client, '/staff/catalogue');
    await eventually(() => expect(client.getQueryData(CATALOGUE_OVERVIEW_KEY)).toEqual({ events: [], items: [] }));
    expect(calls).toEqual(['staff-me', 'catalogue-overview']);
    calls.length = 0;
    for (const path of ['/staff/', '/staff/dashboard', '/staff/orders/NWF-1', '/staff/link']) startOpeningCall(new QueryClient(), path);
    expect(calls).toEqual([]);
  });

  it('asks nothing of the page for a role it refuses, nor signed out', async () => {
    for (const role of ['box_office', null]) {
      session.role = role;
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      startOpeningCall(client, '/staff/catalogue');
      await eventually(() => expect(client.getQueryState(['staff-me'])?.status).not.toBe('pending'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls, String(role)).toEqual(['staff-me']);
      calls.length = 0;
    }
  });

  it('has the chunk of every page the back office routes to', () => {
    const paths = (staffRoutes[0]!.children ?? []).flatMap((route) => (route.path && route.path !== '*' && route.path !== 'link' ? [route.path.replace(':code', 'NWF-1')] : []));
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(openingChunkOf(path), path).toBeTypeOf('function');
    expect(openingChunkOf('')).toBeUndefined();
    expect(openingChunkOf('no-such-page')).toBeUndefined();
  });
});
