// @vitest-environment happy-dom
import { type ClientConfig, emptyShopMessages, type UserData, english } from '@festival/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '../../../lib/config';
import { userDataKey } from '../../../lib/user-data';
import { installTestConfig } from '../../../../test/test-config';
import HomePage from './HomePage';

beforeAll(installTestConfig);

let originalConfig: ClientConfig;
beforeEach(() => {
  originalConfig = structuredClone(getConfig());
});
afterEach(() => {
  cleanup();
  for (const key of Object.keys(getConfig())) delete (getConfig() as unknown as Record<string, unknown>)[key];
  Object.assign(getConfig(), originalConfig);
});

function renderHome(changes: Partial<ClientConfig>) {
  Object.assign(getConfig(), changes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey(null), { customer: null, products: [], merchandise: [] } as unknown as UserData);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const heading = (name: string) => screen.queryByRole('heading', { name });

/** Decision 0058: a shop of one's own on its first day, before any catalogue is loaded. */
describe('the home page of a shop without a catalogue', () => {
  it('tells visitors the shop opens soon and the organiser how to set it up, with no way into empty listings', async () => {
    renderHome({ events: {} });
    await screen.findByRole('heading', { name: english(emptyShopMessages.opensSoonTitle) });
    expect(screen.getByText(english(emptyShopMessages.opensSoonText))).not.toBeNull();
    const note = screen.getByRole('complementary', { name: english(emptyShopMessages.setUpTitle) });
    expect(note.textContent).toContain('npm run staff -- add you@example.org --role admin');
    expect(note.textContent).toContain('npm run catalog -- import catalogue.yaml');
    expect(note.querySelector('a[href="/staff/catalogue"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy tickets' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Shop merchandise' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the portal' })).not.toBeNull();
  });

  it('keeps the configured under-construction text of an inactive shop, with the organiser note below it', async () => {
    renderHome({ events: {}, shopActive: false });
    await screen.findByRole('complementary', { name: english(emptyShopMessages.setUpTitle) });
    expect(heading(getConfig().texts.underConstructionTitle)).not.toBeNull();
    expect(heading(english(emptyShopMessages.opensSoonTitle))).toBeNull();
    expect(screen.getByRole('complementary', { name: english(emptyShopMessages.setUpTitle) })).not.toBeNull();
  });

  it('is the usual home page once a catalogue is loaded: no note, the ways to buy', () => {
    renderHome({});
    expect(Object.keys(getConfig().events).length).toBeGreaterThan(0);
    expect(heading(english(emptyShopMessages.opensSoonTitle))).toBeNull();
    expect(screen.queryByRole('complementary', { name: english(emptyShopMessages.setUpTitle) })).toBeNull();
    expect(screen.getByRole('link', { name: 'Buy tickets' })).not.toBeNull();
  });
});
