import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useConfig } from '../../lib/config';
import { AccountMenu } from './AccountMenu';
import { CartMenu } from './CartMenu';
import { ExternalIcon } from './icons';

// After the first render: the switcher carries the formatter, which the first page does not need.
const LanguageSwitcher = lazy(() => import('../../components/ui/LanguageSwitcher'));

interface NavItem {
  id: string;
  to: string;
  label: string;
  end?: boolean;
}

/** Header navigation with the visibility rules of spec section 2. */
export function Header() {
  const config = useConfig();
  const { pathname } = useLocation();

  const items: NavItem[] = [
    { id: 'home', to: '/', label: 'Home', end: true },
    ...(config.shopActive ? [{ id: 'tickets', to: '/tickets', label: 'Tickets' }] : []),
    ...(config.shopActive && config.merchandiseActive
      ? [{ id: 'merchandise', to: '/merchandise', label: 'Merchandise' }]
      : []),
    { id: 'portal', to: '/portal', label: 'Portal' },
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
        <nav className="main-nav" aria-label="Main">
          <ul className="main-nav__list">
            {items.map((item) => (
              <li key={item.id}>
                <NavLink id={`nav-${item.id}`} to={item.to} end={item.end} className="main-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            {config.contact.websiteUrl && (
              <li>
                <a id="nav-website" className="main-nav__link" href={config.contact.websiteUrl}>
                  Website
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
