import { LOCALE_NAMES, messages, type Locale } from '@festival/contract';
import { useState } from 'react';
import { offeredLanguages, switchLanguage, useLanguage } from '../../lib/language';
import { say } from '../../lib/say';

/**
 * The header's language switcher (issue 36): a native select, so it is reached and used by
 * keyboard and read by screen readers as every select is; each language named in its own
 * language (and marked as such). Loaded after the first render (the shop's Header.tsx), so the first page's
 * JavaScript does not carry the formatter.
 */
export default function LanguageSwitcher() {
  const locale = useLanguage();
  const [switching, setSwitching] = useState(false);
  const choose = (next: Locale) => {
    setSwitching(true);
    void switchLanguage(next).finally(() => setSwitching(false));
  };
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{say(messages.language.label)}</span>
      <select id="language-switcher" className="language-switcher__select" value={locale} aria-busy={switching} onChange={(event) => choose(event.target.value as Locale)}>
        {offeredLanguages().map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
