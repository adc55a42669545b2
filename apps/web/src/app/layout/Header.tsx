import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useConfig } from '../../lib/config';
import { say, withTexts } from '../../lib/say';
import { AccountMenu } from './AccountMenu';
import { CartMenu } from './CartMenu';
import { ExternalIcon } from './icons';
import { appTexts } from '../app.messages';
import type { Shown } from '@festival/contract';

// After the first render, with the rest of the texts (say.ts): the first page does not need it.
const LanguageSwitcher = lazy(() => withTexts(import('../../components/ui/LanguageSwitcher')));

interface NavItem {
  id: string;
  to: string;
  label: Shown;
  end?: boolean;
}

/** Header navigation with the visibility rules of spec section 2. */
export function Header() {
  const config = useConfig();
  const { pathname } = useLocation();

  const items: NavItem[] = [
    { id: 'home', to: '/', label: appTexts.header.home, end: true },
    ...(config.shopActive ? [{ id: 'tickets', to: '/tickets', label: appTexts.header.tickets }] : []),
    ...(config.shopActive && config.merchandiseActive
      ? [{ id: 'merchandise', to: '/merchandise', label: appTexts.header.merchandise }]
      : []),
    { id: 'portal', to: '/portal', label: appTexts.header.portal },
    ...(config.ambassadors.title && config.ambassadors.text
      ? [{ id: 'ambassadors', to: `/${config.ambassadors.path}`, label: config.ambassadors.title }]
      : []),
  ];
  const banner = config.texts.headerBanner?.trim();
  const fullBanner = pathname === '/';

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to="/" className="brand" id="brand-link">
          {/* The configured logo is the e-mails' (configuration brand.logo): one mark wherever the shop shows itself. */}
          {config.brand.logo ? (
            <img className="brand__mark brand__mark--logo" src={config.brand.logo} alt="" width={36} height={36} />
          ) : (
            <span className="brand__mark" aria-hidden="true">
              {config.name.charAt(0)}
            </span>
          )}
          <span className="brand__name">{config.name}</span>
        </Link>
        <nav className="main-nav" aria-label={say(appTexts.header.main)}>
          <ul className="main-nav__list">
            {items.map((item) => (
              <li key={item.id}>
                <NavLink id={`nav-${item.id}`} to={item.to} end={item.end} className="main-nav__link">
                  {say(item.label)}
                </NavLink>
              </li>
            ))}
            {config.contact.websiteUrl && (
              <li>
                <a id="nav-website" className="main-nav__link" href={config.contact.websiteUrl}>
                  {say(appTexts.header.website)}
                  <ExternalIcon />
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div className="site-header__actions">
          {config.languages.length > 1 && (
            <Suspense fallback={<span className="language-switcher language-switcher--loading" />}>
              <LanguageSwitcher />
            </Suspense>
          )}
          <CartMenu />
          <AccountMenu />
        </div>
      </div>
      {banner && (
        <div className={fullBanner ? 'header-banner header-banner--full' : 'header-banner header-banner--compact'} id="header-banner">
          <p className="container header-banner__text">{banner}</p>
        </div>
      )}
    </header>
  );
}
