import type { ApiAnswer, ApiPath, ApiPayload, ErrorAnswer } from '@festival/contract';
import { currentLanguage } from './language';
import { clearToken, getToken } from './storage';
import { announceChange } from './tab-sync';

/**
 * A refused or failed call. `formError` is the text a form shows in its danger alert
 * (spec section 8); `body` is the parsed error answer when the server sent one.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, aborted by the network). */
    readonly status: number,
    readonly body: Partial<ErrorAnswer> | null,
    readonly formError: string,
  ) {
    super(formError);
  }
}

/**
 * The form error of an error answer (spec section 8): all messages of `errors` joined by
 * newlines, else `message`, else the fallback (the raw error text).
 */
export function formatFormError(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { errors, message } = body as { errors?: unknown; message?: unknown };
    if (errors && typeof errors === 'object') {
      const lines = Object.values(errors as Record<string, unknown>)
        .flatMap((value) => (Array.isArray(value) ? value : [value]))
        .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
      if (lines.length > 0) return lines.join('\n');
    }
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/**
 * The shop's own words for a refused call (a 4xx answer with a message or field errors), or null
 * for a real failure (no answer, or a 5xx) that the caller names with the spec's generic text.
 * A failure is told once: a refusal with its reason never also gets "Could not …" (spec section 8).
 */
export function refusalText(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && (error.body?.message || error.body?.errors)) return error.formError;
  return null;
}

/** The text of anything thrown by a call, for toasts and alerts. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.formError;
  if (error instanceof Error) return error.message;
  return String(error);
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Runs after a 401 or 419 answer ended the session (the token is already cleared). */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** A 401 (not logged in) or 419 (session expired) while logged in ends the session: spec section 4. */
const SESSION_ENDED = new Set([401, 419]);

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * The one way the web app talks to the server: POST /api/<path> with a JSON payload typed by
 * the contract. The stored session token is added unless the payload names one. Answers are
 * trusted, not parsed with zod, to keep zod out of the page bundles (the server builds them
 * from the same schemas).
 */
export async function callApi<P extends ApiPath>(
  path: P,
  payload: ApiPayload<P>,
  options: CallOptions = {},
): Promise<ApiAnswer<P>> {
  const token = getToken();
  const body = token ? { token, ...payload } : payload;

  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        // Refusals and messages come back in the page's language (which may be the page's ?lang=, not the browser's).
        'Accept-Language': currentLanguage(),
      },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, null, formatFormError(null, errorText(error)));
  }

  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }

  if (!response.ok) {
    // Only the session that made the call ends: a login in between keeps the new token.
    if (SESSION_ENDED.has(response.status) && token && getToken() === token) {
      clearToken();
      sessionExpiredListeners.forEach((listener) => listener());
    }
    throw new ApiError(response.status, isErrorBody(parsed) ? parsed : null, formatFormError(parsed, rawErrorText(response, text)));
  }
  // The customer's other tabs show the change too (decision 0070).
  announceChange(path);
  return parsed as ApiAnswer<P>;
}

/** A short plain-text body is the raw error; an HTML error page (from a proxy) is not shown. */
function rawErrorText(response: Response, text: string): string {
  const trimmed = text.trim();
  if (trimmed && trimmed.length <= 300 && !trimmed.startsWith('<') && !trimmed.startsWith('{')) return trimmed;
  return `${response.status} ${response.statusText}`.trim();
}

function isErrorBody(value: unknown): value is Partial<ErrorAnswer> {
  return Boolean(value) && typeof value === 'object';
}
