import { callApi } from '../../../lib/api-client';
import { chosenOnDevice, currentLanguage, switchLanguage } from '../../../lib/language';

/**
 * The language follows the person (decision 0094). Signing in on a device where nobody chose a
 * language takes the one kept on the account; a device where someone did keeps its choice and
 * tells the account, so the e-mails about the customer follow it.
 */
export async function followAccountLanguage(token: string): Promise<void> {
  const chosen = chosenOnDevice();
  const answer = await callApi('set-language', { token, language: chosen ? currentLanguage() : null });
  if (!chosen && answer.language && answer.language !== currentLanguage()) await switchLanguage(answer.language);
}
