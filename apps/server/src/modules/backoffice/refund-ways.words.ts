import type { RefundWays } from '@festival/contract';
import type { Words } from '../../lib/reader';
import { timelineMessages as timelineTexts } from './timeline.messages';

/**
 * For staff: which way a refund's money goes, in a line in their language ("€179.50 in cash at
 * the desk, €20.00 by bank transfer"): the order page's refunds, the refund queue, and the audit
 * entry of a refund made by staff.
 */
export function refundWaysForStaffIn(words: Words, ways: RefundWays): string {
  const parts: string[] = [];
  if (ways.card > 0) parts.push(words.say(timelineTexts.waysCard({ amount: words.amount(ways.card) })));
  if (ways.cash > 0) parts.push(words.say(timelineTexts.waysCash({ amount: words.amount(ways.cash) })));
  if (ways.card_terminal > 0) parts.push(words.say(timelineTexts.waysCardTerminal({ amount: words.amount(ways.card_terminal) })));
  if (ways.bank > 0) parts.push(words.say((ways.bank_details ? timelineTexts.waysBank : timelineTexts.waysBankWaiting)({ amount: words.amount(ways.bank) })));
  return parts.join(', ');
}
