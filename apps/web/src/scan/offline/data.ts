import type { StaffApiAnswer } from '@festival/contract';

/** What a sync answers, as the scanner keeps it for one list. */
export type SyncAnswer = StaffApiAnswer<'sync'>;
export type SyncedState = SyncAnswer['states'][number];

/**
 * The synced data after a new answer: a full answer replaces what the device held; a later one
 * (`since` the cursor) brings only what changed, merged in by ticket id and by state's ticket id,
 * while the list's rule, keys, departures, products and figures are always the newest.
 */
export function mergeSync(held: SyncAnswer | null, answer: SyncAnswer): SyncAnswer {
  if (!held || answer.full || held.list.id !== answer.list.id) return answer;
  const tickets = new Map(held.tickets.map((ticket) => [ticket.id, ticket]));
  for (const ticket of answer.tickets) tickets.set(ticket.id, ticket);
  const states = new Map(held.states.map((state) => [state.ticket_id, state]));
  for (const state of answer.states) states.set(state.ticket_id, state);
  return { ...answer, full: true, tickets: [...tickets.values()], states: [...states.values()] };
}

/**
 * Whether a later answer marks other questions for the gate than the device's data (decision
 * 0106): the tickets it holds lack the answers to a question marked since, which a sync `since` the
 * cursor does not bring (the tickets did not change), so the scanner asks for everything again.
 */
export function gateQuestionsChanged(held: SyncAnswer, answer: SyncAnswer): boolean {
  const codes = (data: SyncAnswer) => JSON.stringify(data.products.map((product) => [product.id, (product.questions ?? []).map((question) => question.code)]).sort(([a], [b]) => Number(a) - Number(b)));
  return codes(held) !== codes(answer);
}

/** Where a ticket stands on this device: the synced state, or the device's own later scan. */
export interface LocalState {
  inside: boolean;
  /** ISO time of the entry or exit. */
  since: string;
  gate: string;
}
export type LocalStates = Record<string, LocalState>;

/** The newer of the synced state and the device's own: the device's scan wins until a sync brings a later one. */
export function stateOf(data: SyncAnswer, local: LocalStates, ticketId: number): LocalState | null {
  const synced = data.states.find((state) => state.ticket_id === ticketId) ?? null;
  const own = local[ticketId] ?? null;
  if (!synced) return own;
  if (!own) return { inside: synced.inside, since: synced.since, gate: synced.gate };
  return Date.parse(own.since) >= Date.parse(synced.since) ? own : { inside: synced.inside, since: synced.since, gate: synced.gate };
}
