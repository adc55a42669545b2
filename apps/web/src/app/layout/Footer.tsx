import { Link } from 'react-router';
import { useConfig } from '../../lib/config';
import { GatewayBadge } from './GatewayBadge';
import { CardMark, SOCIAL_LABELS, SocialIcon, type SocialNetwork } from './icons';
import { appTexts } from '../app.messages';
import { say } from '../../lib/say';

const NETWORKS: SocialNetwork[] = ['facebook', 'soundcloud', 'instagram', 'youtube'];

/** Footer of spec section 2: useful links, contact, social links, card logos, gateway badges. */
export function Footer() {
  const config = useConfig();
  const social = NETWORKS.flatMap((network) => {
    const url = config.social[network];
    return url ? [{ network, url }] : [];
  });

  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        {config.usefulLinks.length > 0 && (
          <section aria-labelledby="footer-links-title">
            <h2 id="footer-links-title" className="site-footer__title">
              {say(appTexts.footer.usefulLinks)}
            </h2>
            <ul className="site-footer__list">
              {config.usefulLinks.map((link) => (
                <li key={`${link.label}|${link.url}`}>
                  {link.url.startsWith('/') && !link.url.startsWith('//') ? (
                    <Link to={link.url}>{link.label}</Link>
                  ) : (
                    <a href={link.url}>{link.label}</a>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="footer-contact-title">
          <h2 id="footer-contact-title" className="site-footer__title">
            {say(appTexts.footer.contact)}
          </h2>
          <address className="site-footer__address">
            <a id="footer-email" href={`mailto:${config.contact.email}`}>
              {config.contact.email}
            </a>
            {config.contact.address && <span className="site-footer__postal">{config.contact.address}</span>}
          </address>
        </section>

        {social.length > 0 && (
          <section aria-labelledby="footer-social-title">
            <h2 id="footer-social-title" className="site-footer__title">
              {say(appTexts.footer.followUs)}
            </h2>
            <ul className="site-footer__social">
              {social.map(({ network, url }) => (
                <li key={network}>
                  <a href={url} id={`social-${network}`} aria-label={SOCIAL_LABELS[network]} rel="noopener">
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        {(config.cardLogos.length > 0 || config.gateway) && (
          <section aria-labelledby="footer-payments-title">
            <h2 id="footer-payments-title" className="site-footer__title">
              {say(appTexts.footer.securePayment)}
            </h2>
            {config.cardLogos.length > 0 && (
              <ul className="site-footer__cards" aria-label={say(appTexts.footer.acceptedCards)}>
                {config.cardLogos.map((card) => (
                  <li key={card}>
                    <CardMark card={card} />
                  </li>
                ))}
              </ul>
            )}
            {config.gateway && <GatewayBadge gateway={config.gateway} />}
          </section>
        )}
      </div>
      <p className="site-footer__legal container">
        © {new Date().getFullYear()} {config.name}
      </p>
    </footer>
  );
}
