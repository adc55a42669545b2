import { auditActionLabel as auditActionText, paymentMethodLabel as paymentMethodText, statusLabel as statusText } from '@festival/contract';
import { currentLanguage } from '../lib/language';
import { say } from '../lib/say';

/**
 * The words staff read for stored values, in the page's language: the labels live in the contract
 * (staff-labels.ts, texts of the catalogues) since the server's order timeline uses them too.
 */
export const paymentMethodLabel = (method: string): string => say(paymentMethodText(method));
export const auditActionLabel = (action: string): string => say(auditActionText(action));
export const statusLabel = (status: string): string => say(statusText(status));

/**
 * A status label inside a sentence ("12.50 to the card, processed"): lower case where the page's
 * language writes it so; German keeps the capitals of its nouns ("in Bearbeitung", "Problem").
 */
export function statusInSentence(status: string): string {
  const language = currentLanguage();
  const label = statusLabel(status);
  return language === 'de' ? label : label.toLocaleLowerCase(language);
}
