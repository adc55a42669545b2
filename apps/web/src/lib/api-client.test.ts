import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, formatFormError, onSessionExpired } from './api-client';
import { clearToken, getToken, setToken } from './storage';

describe('formatFormError', () => {
  it('joins every message of the errors object with newlines', () => {
    const body = {
      message: 'Some of the details you sent are not valid.',
      errors: { email: ['Please enter your email address.'], full_name: ['Too long.', 'Not roman.'] },
    };
    expect(formatFormError(body, 'raw')).toBe('Please enter your email address.\nToo long.\nNot roman.');
  });

  it('uses the message when there is no errors object', () => {
    expect(formatFormError({ message: 'This part of the shop is not available yet.' }, 'raw')).toBe(
      'This part of the shop is not available yet.',
    );
  });

  it('uses the message when the errors object holds no text', () => {
    expect(formatFormError({ message: 'Refused.', errors: {} }, 'raw')).toBe('Refused.');
    expect(formatFormError({ message: 'Refused.', errors: { a: [] } }, 'raw')).toBe('Refused.');
  });

  it('falls back to the raw error text without a usable body', () => {
    expect(formatFormError(null, 'Failed to fetch')).toBe('Failed to fetch');
    expect(formatFormError('oops', '500 Internal Server Error')).toBe('500 Internal Server Error');
    expect(formatFormError({ message: '  ' }, 'raw')).toBe('raw');
  });

  it('accepts a single string where a list is expected', () => {
    expect(formatFormError({ errors: { email: 'Please enter a valid email address.' } }, 'raw')).toBe(
      'Please enter a valid email address.',
    );
  });
});

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    clearToken();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    clearToken();
  });

  const answer = (status: number, body: unknown) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  it('posts JSON to /api/<path> with the XMLHttpRequest header and the stored token', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(answer(200, { user: null }));
    await expect(callApi('get-user', {})).resolves.toEqual({ user: null });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/get-user');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-1' });
  });

  it('sends no token for a visitor', async () => {
    fetchMock.mockResolvedValue(answer(200, { message: 'ok' }));
    await callApi('email-tickets', { email: 'a@b.nl' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ email: 'a@b.nl' });
  });

  it('turns an error answer into an ApiError with the form error text', async () => {
    fetchMock.mockResolvedValue(answer(501, { message: 'This part of the shop is not available yet.' }));
    const error = await callApi('login', { email: 'a@b.nl', password: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(501);
    expect((error as ApiError).formError).toBe('This part of the shop is not available yet.');
  });

  it('shows the raw text of a plain-text error answer', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await callApi('get-data', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.formError).toBe('Bad gateway');
  });

  it('reports a network failure with status 0 and the error text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await callApi('get-data', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.formError).toBe('Failed to fetch');
  });

  it.each([401, 419])('logs out on %i while a token exists', async (status) => {
    setToken('tok-2');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock.mockResolvedValue(answer(status, { message: 'Please log in to continue.' }));
    await expect(callApi('get-data', {})).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not log out on 401 without a token', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock.mockResolvedValue(answer(401, { message: 'Please log in to continue.' }));
    await expect(callApi('get-data', {})).rejects.toBeInstanceOf(ApiError);
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('keeps a newer session when an older call answers 401', async () => {
    setToken('old');
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((done) => (resolve = done)));
    const call = callApi('get-data', {});
    setToken('new');
    resolve(answer(401, { message: 'Please log in to continue.' }));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('new');
  });
});
