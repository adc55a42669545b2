import type { Customer, UserData } from '@festival/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/Toasts';
import { RouteHandleContext, type RouteHandle } from '../src/lib/route-handle';

/** For the pages' component tests: get-data, a fake server and the app's providers. */

export function testCustomer(overrides: Partial<Customer> = {}): Customer {
  return { full_name: 'Jane Doe', email: 'jane@example.com', country: null, address: {}, ...overrides };
}

export function testUserData(overrides: Partial<UserData> = {}): UserData {
  return {
    customer: null,
    config: { shopActive: true, merchandiseActive: true },
    country: null,
    orders: [],
    refunds: [],
    products: [],
    merchandise: [],
    existing_tickets: [],
    ...overrides,
  };
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface SentCall {
  path: string;
  body: Record<string, unknown>;
}

/** The api client's fetch: each path answers from its queue (the last answer repeats); returns the calls sent. */
export function stubApi(queues: Record<string, Answer[]>): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace('/api/', '');
      calls.push({ path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      const queue = queues[path] ?? [{ status: 404, body: { message: 'Not found.' } }];
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export interface RenderPageOptions {
  /** The route's path pattern, such as /reset-password/:email/:token. */
  path: string;
  /** The URL the test starts on. */
  url?: string;
  handle?: Partial<RouteHandle>;
  queryClient?: QueryClient;
  /** More pages to land on, such as /order/:order after a checkout. */
  otherRoutes?: RouteObject[];
}

/**
 * Renders a page (with a home and a login page to land on) inside the app's providers, its route
 * handle given as the shop's frame gives it. A memory data router, for its `router.state` and
 * `router.navigate`: the pages use only the hooks both router modes have.
 */
export function renderPage(Page: ComponentType, { path, url = path, handle, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }), otherRoutes = [] }: RenderPageOptions) {
  const pageHandle: RouteHandle = { name: 'page', access: 'public', ...handle };
  const router = createMemoryRouter(
    [
      {
        path,
        Component: () => (
          <RouteHandleContext value={pageHandle}>
            <Page />
          </RouteHandleContext>
        ),
      },
      { path: '/', Component: () => <h1>Home</h1> },
      { path: '/login', Component: () => <h1>Login page</h1> },
      { path: '/forgot-password', Component: () => <h1>Forgot page</h1> },
      { path: '/portal', Component: () => <h1>Portal page</h1> },
      ...otherRoutes,
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
