// @vitest-environment happy-dom
import { message } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo';
import { say, startPseudo } from './say';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
};

describe('the pseudo-language in the pages', () => {
  it('says every text of the catalogues in it while on for the tab, plain strings as they are, and stops with ?pseudo=0', async () => {
    const text = message({ id: 'test.sayPseudo.hello', defaultMessage: 'Hello there' });
    const tab = memory();
    await startPseudo('?pseudo=1', tab);
    expect(say(text)).toBe(pseudoText('Hello there'));
    expect(say('An organiser’s text')).toBe('An organiser’s text');
    // Kept for the tab's next page.
    await startPseudo('', tab);
    expect(say(text)).toBe(pseudoText('Hello there'));
    await startPseudo('?pseudo=0', tab);
    expect(say(text)).toBe('Hello there');
  });
});
