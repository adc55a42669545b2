import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keptLanguage, pageLanguages } from '../lib/app-languages';
import { startLanguage, switchLanguage } from '../lib/language';
import { loadLanguage, startPseudo } from '../lib/say';
import { ScanApp } from './ScanApp';
import './scan.css';
import { addAppTexts, type TextMessages } from '../lib/say';

// The scanner’s own texts beside the shop’s, in each language (lib/say.ts): chunks of this build only.
addAppTexts('scan', import.meta.glob<TextMessages>('../../../../packages/contract/lang/*.json', { query: '?texts=scan', import: 'default' }));

const container = document.getElementById('root');
if (!container) throw new Error('scan.html has no #root element.');
const root = createRoot(container);

async function start(): Promise<void> {
  // The page starts in the language the server sent it in (`<html lang>`), its texts loaded
  // before the first render. An installed scanner opens the page its service worker kept, sent
  // in the language of that day: the switcher's cookie says the language chosen since.
  const language = startLanguage(pageLanguages());
  const kept = keptLanguage();
  if (kept && kept !== language && pageLanguages().includes(kept)) await switchLanguage(kept);
  else if (language !== 'en') await loadLanguage(language);
  await startPseudo();
}

const render = () =>
  root.render(
    <StrictMode>
      <ScanApp />
    </StrictMode>,
  );
// A language whose texts could not be loaded shows the pages in English rather than none.
start().then(render, (error: unknown) => {
  console.error(error);
  render();
});

// Installed, the scanner opens with no network: its service worker keeps the page and its files.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/scan/sw.js', { scope: '/scan/', type: 'classic' }).catch((error: unknown) => console.warn('service worker not registered', error));
}
