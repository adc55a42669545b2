/**
 * Icons and payment marks, all served by the shop itself (no third-party hosts). The small UI
 * icons are inline SVG; the footer's social and card marks are SVG files (./marks), which keeps
 * their artwork out of the first route's JavaScript. Decorative icons are hidden from assistive
 * technology; the payment marks carry their brand name as their accessible name.
 */
import type { ClientConfig } from '@festival/contract';
import amexMark from './marks/amex.svg';
import maestroMark from './marks/maestro.svg';
import mastercardMark from './marks/mastercard.svg';
import visaMark from './marks/visa.svg';

const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function CartIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.9a1.5 1.5 0 0 0 1.4-1.1L22 7H6" />
    </svg>
  );
}

export function UserIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

export function ExternalIcon() {
  return (
    <svg {...iconProps} width={14} height={14} className="icon-inline icon-directional">
      <path d="M14 4h6v6M20 4 10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg {...iconProps} width={16} height={16} className="icon-inline">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export type SocialNetwork = 'facebook' | 'soundcloud' | 'instagram' | 'youtube';

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  soundcloud: 'SoundCloud',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

/**
 * A social network's mark: an SVG file used as a mask over the link's text colour (styles in
 * layout.css), so the artwork costs no JavaScript and still follows the theme.
 */
export function SocialIcon({ network }: { network: SocialNetwork }) {
  return <span className={`social-icon social-icon--${network}`} aria-hidden="true" />;
}

export type CardLogo = ClientConfig['cardLogos'][number];

export const CARD_LABELS: Record<CardLogo, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  amex: 'American Express',
};

const CARD_MARKS: Record<CardLogo, string> = { visa: visaMark, mastercard: mastercardMark, maestro: maestroMark, amex: amexMark };

/** A payment card mark, 48 by 30, drawn as a simplified badge (an SVG file: no JavaScript). */
export function CardMark({ card }: { card: CardLogo }) {
  return <img className="card-mark" src={CARD_MARKS[card]} width={48} height={30} alt={CARD_LABELS[card]} loading="lazy" decoding="async" />;
}
