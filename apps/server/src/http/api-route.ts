import { PAYLOAD_TEXT_MAX, api, issueText, messages, type Shown, nullCharacterFields, overlongTextFields, staffApi, type ApiAnswer, type ApiInput, type ApiPath, type StaffAccess, type StaffApiAnswer, type StaffApiInput, type StaffApiPath, type StaffRoleName } from '@festival/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import type { z } from 'zod';
import { AppError } from './app-error';
import './in-flight';
import { apiGuard } from './require-xhr';

/** The encodings an answer may carry already compressed (the ones the server compresses with). */
export type PrecompressedEncoding = 'br' | 'gzip';

/**
 * An answer already serialised (a cached JSON text). Hot, shared answers such as the catalogue
 * are serialised once per snapshot instead of once per request; the text must be the JSON of
 * an ApiAnswer of the call, which the API tests check with the contract schemas. With
 * `precompressed` it also has compressed copies made once (the visitor's get-data): a request that
 * accepts one gets it as it is, instead of a compression of its own on every call (decision 0084).
 */
export class SerializedAnswer {
  constructor(
    readonly json: string | Buffer,
    readonly precompressed?: (encoding: PrecompressedEncoding) => Buffer,
    /** The encodings `precompressed` makes, in the server's order of preference. */
    readonly encodings: readonly PrecompressedEncoding[] = PRECOMPRESSED,
  ) {}
}

const PRECOMPRESSED: readonly PrecompressedEncoding[] = ['br', 'gzip'];

/** Accept-Encoding read as the compression hook reads it: without regard to case, `*` and x-gzip as gzip. */
const acceptedCodings = (header: string) => header.toLowerCase().replace(/\*|x-gzip/g, 'gzip');

/** Sends a serialised answer: a compressed copy when it has one the request accepts, else the JSON (compressed on the way out as any answer). */
function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding = answer.precompressed && typeof accepted === 'string' ? (negotiate(acceptedCodings(accepted), answer.encodings as PrecompressedEncoding[]) as PrecompressedEncoding | null) : null;
  // The compression hook leaves an answer that already has its encoding as it is.
  if (encoding) return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(answer.precompressed!(encoding));
  return reply.send(answer.json);
}

export type ApiHandler<P extends ApiPath> = (
  input: ApiInput<P>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Worded<ApiAnswer<P>> | SerializedAnswer>;

/** An answer whose `message` may be a text, put into words in the request's language on the way out (error-handler.ts). */
export type Worded<T> = T extends { message: string } ? Omit<T, 'message'> & { message: Shown } : T;

/** Turns zod issues into the spec's {field: [messages]} map; nested paths join with dots. */
export function fieldErrors(error: z.ZodError): Record<string, Shown[]> {
  const errors: Record<string, Shown[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issueText(issue));
  }
  return errors;
}

/**
 * Registers POST /api/<path>: the payload is validated with the contract schema before the
 * handler runs, so bad input answers 422 and never reaches a service. No answer of it, the shop's
 * or the staff's, is cached: the app's one no-store hook (http/no-store.ts) says so for every
 * answer under /api/, refusals before the route included. The API guard (the shop's
 * header, JSON bodies only) is the route's own hook, so it holds for every URL spelling the
 * router matches to this route, before any body parser runs.
 */
export function registerApiRoute<P extends ApiPath>(app: FastifyInstance, path: P, handler: ApiHandler<P>): void {
  registerValidatedRoute(app, `/api/${path}`, api[path].payload, handler as (input: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>);
}

export type StaffApiHandler<P extends StaffApiPath> = (input: StaffApiInput<P>, request: FastifyRequest, reply: FastifyReply) => Promise<Worded<StaffApiAnswer<P>>>;

/** Registers POST /api/staff/<path> (design.md: the staff side's calls), validated the same way as the shop's. */
export function registerStaffRoute<P extends StaffApiPath>(app: FastifyInstance, path: P, handler: StaffApiHandler<P>): void {
  const access: StaffAccess = staffApi[path].access;
  // A call for a scanner or members of some roles is registered with its guard (registerGuardedStaffRoute), never without.
  if (access !== 'open') throw new Error(`staff call ${path} is for ${typeof access === 'string' ? access : access.join(', ')}: register it with registerGuardedStaffRoute`);
  registerValidatedRoute(app, `/api/staff/${path}`, staffApi[path].payload, handler as (input: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>);
}

/** The staff calls of a signed-in scanner (the gate app). */
export type ScannerPath = { [P in StaffApiPath]: (typeof staffApi)[P]['access'] extends 'scanner' ? P : never }[StaffApiPath];
/** The staff calls that members of some roles may make (the back office's calls). */
export type BackOfficePath = { [P in StaffApiPath]: (typeof staffApi)[P]['access'] extends string ? never : P }[StaffApiPath];

/**
 * Finds who makes a request (a scanner, a member) and refuses unless the call's access lets them:
 * 401 when signed out, 403 for a member whose role may not.
 */
export type StaffGuard<M, A = readonly StaffRoleName[]> = (request: FastifyRequest, access: A) => Promise<M>;

/**
 * Registers POST /api/staff/<path> for whoever the contract lets make it (staffApi[path].access):
 * the guard runs before the payload is read, so a caller who may not make the call learns nothing
 * from it, not even whether a payload would be valid; the handler gets who it is.
 */
export function registerGuardedStaffRoute<P extends BackOfficePath | ScannerPath, M>(
  app: FastifyInstance,
  path: P,
  guard: StaffGuard<M, (typeof staffApi)[P]['access']>,
  handler: (input: StaffApiInput<P>, caller: M, request: FastifyRequest, reply: FastifyReply) => Promise<Worded<StaffApiAnswer<P>>>,
  /** bodyLimit: a larger body than the shop's 64 KiB (a catalogue upload, a batch of offline scans); read only once the guard let the caller in. */
  options: { bodyLimit?: number } = {},
): void {
  const access = staffApi[path].access;
  const callers = new WeakMap<FastifyRequest, M>();
  const signedIn = async (request: FastifyRequest) => {
    callers.set(request, await guard(request, access));
  };
  registerValidatedRoute(app, `/api/staff/${path}`, staffApi[path].payload, (input, request, reply) => handler(input as StaffApiInput<P>, callers.get(request) as M, request, reply), [signedIn], options.bodyLimit);
}

function registerValidatedRoute(
  app: FastifyInstance,
  url: string,
  schema: z.ZodType,
  handler: (input: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  hooks: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>)[] = [],
  bodyLimit?: number,
): void {
  app.post(url, { onRequest: [apiGuard, ...hooks], ...(bodyLimit ? { bodyLimit } : {}) }, async (request, reply) => {
    // A bodiless call is an empty payload; a body of `null` is a payload like any other (refused).
    const payload = request.body === undefined ? {} : request.body;
    // No check of any field sees a text longer than the longest a field takes (decision 0029).
    const overlong = overlongTextFields(payload, messages.fields.tooLong(PAYLOAD_TEXT_MAX));
    if (Object.keys(overlong).length) throw new AppError('INVALID_INPUT', messages.server.invalidInput, overlong);
    const nulls = nullCharacterFields(payload);
    if (Object.keys(nulls).length) throw new AppError('INVALID_INPUT', messages.server.invalidInput, nulls);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new AppError('INVALID_INPUT', messages.server.invalidInput, fieldErrors(parsed.error));
    }
    const answer = await app.inFlight.track(() => handler(parsed.data, request, reply));
    if (answer instanceof SerializedAnswer) return sendSerialized(request, reply, answer);
    return answer;
  });
}
