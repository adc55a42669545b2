import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { RichText } from '../../../components/ui/RichText';
import { useConfig } from '../../../lib/config';
import { useUserData } from '../../../lib/user-data';
import { ProductGrid } from '../components/ProductCard';
import { featuredItems } from '../shop-items';
import './home.css';
import type { Shown } from '@festival/contract';
import { say, withTexts } from '../../../lib/say';
import { shopTexts } from '../shop.messages';

const t = shopTexts.homePage;

const EmptyShopNotes = lazy(() => withTexts(import('../components/EmptyShopNotes')));

interface CallToAction {
  id: string;
  to: string;
  title: Shown;
  text: Shown;
  action: Shown;
}

/**
 * Home: the shop name, call-to-action cards for tickets, merchandise (when on) and the portal;
 * the under-construction message when the shop is off; featured items that are in stock. A shop
 * with no catalogue yet (no event at all: a shop of one's own on its first day) tells visitors
 * it opens soon and the organiser how to set it up (decision 0058).
 */
export default function HomePage() {
  const config = useConfig();
  const userData = useUserData();
  const noCatalogue = Object.keys(config.events).length === 0;
  const selling = config.shopActive && !noCatalogue;
  const featured = selling ? featuredItems(userData.data, { merchandise: config.merchandiseActive }) : [];
  const cards: CallToAction[] = [
    ...(selling
      ? [{ id: 'tickets', to: '/tickets', title: t.tickets, text: t.ticketsText, action: t.buyTickets }]
      : []),
    ...(selling && config.merchandiseActive
      ? [{ id: 'merchandise', to: '/merchandise', title: t.merchandise, text: t.merchandiseText, action: t.shopMerchandise }]
      : []),
    {
      id: 'portal',
      to: '/portal',
      title: t.portal,
      text: t.portalText,
      action: t.goToPortal,
    },
  ];

  return (
    <article className="home" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {config.name}
        </h1>
        {selling && <RichText html={config.texts.homeIntro} className="page__lead" />}
      </header>

      {noCatalogue && (
        <Suspense fallback={null}>
          <EmptyShopNotes shopActive={config.shopActive} />
        </Suspense>
      )}

      {!config.shopActive && (
        <section className="home__closed" aria-labelledby="under-construction-title">
          <h2 id="under-construction-title">{config.texts.underConstructionTitle}</h2>
          <RichText html={config.texts.underConstructionText} />
        </section>
      )}

      <ul className="home__cards" aria-label={say(t.whereToGo)}>
        {cards.map((card) => (
          <li key={card.id} className={`home-card home-card--${card.id}`}>
            <h2 className="home-card__title">{say(card.title)}</h2>
            <p className="home-card__text">{say(card.text)}</p>
            <ButtonLink to={card.to} variant="primary" className="home-card__action" id={`home-cta-${card.id}`}>
              {say(card.action)}
            </ButtonLink>
          </li>
        ))}
      </ul>

      {featured.length > 0 && (
        <section className="home__featured" aria-labelledby="featured-title">
          <h2 id="featured-title" className="home__section-title">
            {say(t.featured)}
          </h2>
          {/* Below the call-to-action cards: every image waits until it is scrolled near. */}
          <ProductGrid items={featured} eagerCount={0} headingLevel={3} id="featured-items" aria-labelledby="featured-title" />
        </section>
      )}
    </article>
  );
}

