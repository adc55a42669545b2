// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lostCart, type LostCart } from '../../../lib/cart-memory';
import { renderPage } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { userDataKey } from '../../../lib/user-data';
import { testShopItem } from '../../../../test/test-shop-item';
import ExpiredCartNotice from './ExpiredCartNotice';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the expired cart notice', () => {
  it('says what happened and, per item, whether it is still on sale with a way back to it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userDataKey(null), {
      products: [testShopItem({ id: 7, name: 'Weekend ticket', external_code: 'NWF27-WEEKEND', in_stock: true }), testShopItem({ id: 8, name: 'Glamping', external_code: 'NWF27-GLAMPING', in_stock: false })],
      merchandise: [],
    });
    const lost: LostCart = {
      at: Date.now(),
      items: [
        { shop: 'tickets', id: 7, name: 'Weekend ticket' },
        { shop: 'tickets', id: 7, name: 'Weekend ticket' },
        { shop: 'tickets', id: 8, name: 'Glamping' },
        { shop: 'merchandise', id: null, name: 'Old poster' },
      ],
    };
    localStorage.setItem('shop.lostCart', JSON.stringify(lost));
    renderPage(() => <ExpiredCartNotice lost={lost} />, { path: '/', queryClient });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Your cart has expired' })).toBeTruthy();
    const items = within(notice).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['2 × Weekend ticket Still available: add it again (Weekend ticket)', 'Glamping Sold out now. View item (Glamping)', 'Old poster No longer on sale.']);
    expect(within(notice).getByRole('link', { name: 'add it again (Weekend ticket)' }).getAttribute('href')).toBe('/tickets/NWF27-WEEKEND');

    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(lostCart()).toBeNull();
  });
});
