// First: before the contract's schemas are made (see jitless.ts).
import './jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageLanguages } from '../lib/app-languages';
import { startLanguage } from '../lib/language';
import { loadLanguage, startPseudo } from '../lib/say';
import { openingPageOf, startOpeningCall } from './opening-page';
import { preloadOpeningPage } from './routes';
import { createStaffQueryClient, StaffApp } from './StaffApp';
import '../app/styles/global.css';
import './staff.css';
import { addAppTexts, type TextMessages } from '../lib/say';

// The back office’s own texts beside the shop’s, in each language (lib/say.ts): chunks of this build only.
addAppTexts('staff', import.meta.glob<TextMessages>('../../../../packages/contract/lang/*.json', { query: '?texts=staff', import: 'default' }));

const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root element.');
const root = createRoot(container);

// The page it is opened on loads beside the session's call and the texts, not after them: its
// chunk, and its first call where it is a large one (opening-page.ts).
const client = createStaffQueryClient();
preloadOpeningPage(openingPageOf(window.location.pathname));
startOpeningCall(client, window.location.pathname);

async function start(): Promise<void> {
  // The page starts in the language the server sent it in (`<html lang>`: the switcher's cookie,
  // the browser's languages, the shop's default), its texts loaded before the first render.
  const language = startLanguage(pageLanguages());
  if (language !== 'en') await loadLanguage(language);
  await startPseudo();
}

const render = () =>
  root.render(
    <StrictMode>
      <StaffApp client={client} />
    </StrictMode>,
  );
// A language whose texts could not be loaded shows the pages in English rather than none.
start().then(render, (error: unknown) => {
  console.error(error);
  render();
});
