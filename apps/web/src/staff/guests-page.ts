import { staffBoxOfficeMessages, staffGuestMessages, type BoxOfficeItem, type BoxOfficeItemsAnswer, type Locale, type Shown } from '@festival/contract';
import type { StaffCallInput } from '../lib/staff-call';

/**
 * The guest lists page's pure rules (decision 0100): what may be given to a guest, and the issue
 * form read into the call's payload with what is missing said beside its field before sending.
 * The server checks it all again.
 */

/** The issue form as typed. */
export interface GuestIssueForm {
  listId: string;
  code: string;
  quantity: string;
  fullName: string;
  email: string;
  language: string;
  age: string;
  departureId: string;
  reason: string;
}

export const emptyGuestForm = (language: string, listId = ''): GuestIssueForm => ({ listId, code: '', quantity: '1', fullName: '', email: '', language, age: '', departureId: '', reason: '' });

/** What a guest may be given: the desk's tickets, add-ons and transport that are not sold out (merchandise is sold). */
export function issuableItems(groups: BoxOfficeItemsAnswer['groups']): BoxOfficeItem[] {
  return groups.flatMap((group) => group.items).filter((item) => item.kind !== 'merchandise' && !item.sold_out);
}

/** Most tickets one issue may hold of an item: what is left, its limit per order and the desk's bound. */
export function maxGuestUnits(item: BoxOfficeItem): number {
  const bounds = [50];
  if (item.left !== null) bounds.push(item.left);
  if (item.limit_per_order > 0) bounds.push(item.limit_per_order);
  return Math.max(0, Math.min(...bounds));
}

export type GuestPrepared = { ok: true; payload: StaffCallInput<'guest-issue'> } | { ok: false; problems: Record<string, Shown> };

/** The payload of `guest-issue`, or the problems by the call's field names (`guest.full_name`…). */
export function prepareGuestIssue(form: GuestIssueForm, items: readonly BoxOfficeItem[]): GuestPrepared {
  const problems: Record<string, Shown> = {};
  const listId = Number(form.listId);
  if (!Number.isInteger(listId) || listId < 1) problems.list_id = staffGuestMessages.chooseList;
  const item = items.find((candidate) => candidate.code === form.code);
  if (!item) problems.code = staffGuestMessages.chooseTicket;
  const quantity = Number(form.quantity.trim());
  if (!/^\d+$/.test(form.quantity.trim()) || quantity < 1 || (item && quantity > maxGuestUnits(item))) problems.quantity = staffBoxOfficeMessages.quantity;
  if (!form.fullName.trim()) problems['guest.full_name'] = staffGuestMessages.guestName;
  if (!form.language) problems.language = staffGuestMessages.chooseLanguage;
  if (item?.needs.age && !form.age) problems['guest.age'] = staffBoxOfficeMessages.ageNeeded(item.name);
  if (item?.needs.departure && !form.departureId) problems.departure_id = staffBoxOfficeMessages.departureNeeded(item.name);
  if (!form.reason.trim()) problems.reason = staffGuestMessages.reason;
  if (Object.keys(problems).length || !item) return { ok: false, problems };
  return {
    ok: true,
    payload: {
      list_id: listId,
      code: item.code,
      quantity,
      guest: { full_name: form.fullName.trim(), email: form.email.trim(), ...(item.needs.age ? { age: form.age } : {}) },
      language: form.language as Locale,
      ...(item.needs.departure ? { departure_id: Number(form.departureId) } : {}),
      reason: form.reason.trim(),
    },
  };
}
