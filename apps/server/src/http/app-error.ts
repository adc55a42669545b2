import { english, type Shown } from '@festival/contract';

/** Business refusals are values with codes; one handler maps codes to statuses. */
export const errorStatus = {
  INVALID_INPUT: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 419,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** What the refusal says; put into words in the request's language by the error handler. */
    readonly text: Shown,
    readonly errors?: Record<string, readonly Shown[]>,
    /** More fields of the error answer the contract's `errorAnswer` names (such as `waiting_room`). */
    readonly extra?: { waiting_room?: string },
  ) {
    super(english(text));
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/**
 * An editor's refusal by field (`item.variants.2.label`): every problem at once, each under its
 * field's path below `prefix`, the first said above the form.
 */
export function refusedFields(prefix: string, problems: readonly { path: readonly (string | number)[]; text: Shown }[]): AppError {
  const errors: Record<string, Shown[]> = {};
  for (const problem of problems) (errors[[prefix, ...problem.path].join('.')] ??= []).push(problem.text);
  return new AppError('INVALID_INPUT', problems[0]!.text, errors);
}
