// First: zod, which pages' chunks bring, must interpret under the shop's CSP (lib/zod-interpreter.ts).
import './lib/zod-interpreter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { seedPreloadedAnswers } from './app/page-preload';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { createShopHistory, ShopRouter } from './app/shop-router';
import { USER_DATA_KEY } from './features/account/api/session';
import { callApi, onSessionExpired } from './lib/api-client';
import { CART_KEY } from './lib/cart-query';
import { SHOP_ITEM_KEY } from './features/shop/api/shop-item';
import { onOtherTabChange } from './lib/tab-sync';
import { ConfigError, getConfig, replaceConfig } from './lib/config';
import { InLanguage } from './components/ui/InLanguage';
import { beforeLanguageSwitch, onLanguageChosen, startLanguage } from './lib/language';
import { loadFirstTexts, loadLanguage, say, startPseudo } from './lib/say';
import { appTexts } from './app/app.messages';
import { getToken } from './lib/storage';
import { onWaitingRoom, waitingRoomPath } from './lib/waiting-room-events';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

async function start(): Promise<void> {
  // Read (and checked) once before anything renders: a missing or broken configuration is said plainly below.
  const config = getConfig();
  // The page starts in the language the server sent it in, with the texts of its first render
  // (which the server preloads with the page); the rest of the language's texts follow at once.
  const language = startLanguage(config.languages);
  // With the pseudo-language when a developer asked for it (?pseudo=1, lib/pseudo.ts).
  await Promise.all([loadFirstTexts(language), startPseudo()]);
  // The organiser's texts follow the switch: the configuration in the new language comes with its catalogue.
  beforeLanguageSwitch(async (next) => replaceConfig((await callApi('get-page-config', { language: next })).config));
  // A signed-in customer's choice is kept on their account too (decision 0094): their e-mails follow it.
  onLanguageChosen((chosen) => {
    const token = getToken();
    if (token) void callApi('set-language', { token, language: chosen }).catch(() => undefined);
  });
  const queryClient = createQueryClient();
  seedPreloadedAnswers(queryClient, document, getToken());
  const history = createShopHistory();

  // A 401 or 419 answer ended the session (the api client cleared the token): drop the
  // customer's cached data; the page's guard follows the session, so a portal page goes to login.
  onSessionExpired(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === USER_DATA_KEY && query.queryKey[1] !== null });
  });

  // Another tab changed the cart or the customer's data (decision 0070): the header's count and
  // the open page ask again, so this tab never shows a cart or an order as it was.
  // The catalogue's names and descriptions are in the page's language (decision 0094): after a
  // switch, the answers that carry them are asked for again in the new one.
  onLanguageChosen(() => {
    void queryClient.invalidateQueries({ queryKey: [USER_DATA_KEY] });
    void queryClient.invalidateQueries({ queryKey: [SHOP_ITEM_KEY] });
    void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
  });

  onOtherTabChange(() => {
    void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
    void queryClient.invalidateQueries({ queryKey: [USER_DATA_KEY] });
  });

  // A stock call was refused for want of the waiting room's admission (decision 0048): to the
  // room's waiting page, coming back here at the visitor's turn.
  onWaitingRoom((onsale) => {
    const { pathname, search } = history.location;
    if (!pathname.startsWith('/waiting-room/')) history.push(waitingRoomPath(onsale, `${pathname}${search}`));
  });

  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <ShopRouter history={history}>
          <InLanguage>
            <AppRoutes />
          </InLanguage>
        </ShopRouter>
      </Providers>
    </StrictMode>,
  );
  // Pages and panels loaded later wait for them too (say.ts, withTexts); a failed load is tried again by the next.
  loadLanguage(language).catch((error: unknown) => console.warn('the texts of the page could not be loaded', error));
}

start().catch((error: unknown) => {
  // Without its configuration the shop cannot show anything useful; say so plainly.
  console.error(error);
  root.render(
    <main className="container site-main">
      <h1>{say(appTexts.main.unavailable)}</h1>
      <p>
        {error instanceof ConfigError ? error.message : say(appTexts.main.notStarted)} {say(appTexts.main.tryLater)}
      </p>
    </main>,
  );
});
