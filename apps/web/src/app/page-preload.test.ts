// @vitest-environment happy-dom
import { PRELOAD_ELEMENT_ID } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { shopItemQuery } from '../features/shop/api/shop-item';
import { testShopItem } from '../../test/test-shop-item';
import { userDataKey } from '../lib/user-data';
import { seedPreloadedAnswers } from './page-preload';

const item = testShopItem({ id: 1, external_code: 'WEEKEND' });
const data = { customer: null, products: [item], merchandise: [] };

function pageWith(json: string): Document {
  document.body.innerHTML = `<script id="${PRELOAD_ELEMENT_ID}" type="application/json">${json}</script>`;
  return document;
}

describe('seedPreloadedAnswers', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
  });

  it("puts a visitor's get-data and the product page's item into the query cache", () => {
    const doc = pageWith(JSON.stringify({ 'get-data': { data }, 'get-shop-item': { external_code: 'WEEKEND', answer: { item } } }));
    seedPreloadedAnswers(queryClient, doc, null);
    expect(queryClient.getQueryData(userDataKey(null))).toEqual(data);
    expect(queryClient.getQueryData(shopItemQuery('WEEKEND').queryKey)).toEqual(item);
  });

  it('leaves get-data to the API when the visitor has a session, whose data differ', () => {
    seedPreloadedAnswers(queryClient, pageWith(JSON.stringify({ 'get-data': { data } })), 'a-token');
    expect(queryClient.getQueryData(userDataKey(null))).toBeUndefined();
    expect(queryClient.getQueryData(userDataKey('a-token'))).toBeUndefined();
  });

  it('does nothing for a page without answers or with damaged ones', () => {
    document.body.innerHTML = '';
    seedPreloadedAnswers(queryClient, document, null);
    seedPreloadedAnswers(queryClient, pageWith('{not json'), null);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
