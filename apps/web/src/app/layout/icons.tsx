/**
 * Inline SVG icons and payment marks: drawn here rather than downloaded, so the page needs no
 * extra requests and no third-party hosts. Decorative icons are hidden from assistive technology;
 * the payment marks carry their brand name as their accessible name.
 */
import type { ClientConfig } from '@festival/contract';

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
    <svg {...iconProps} width={14} height={14} className="icon-inline">
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

export function SocialIcon({ network }: { network: SocialNetwork }) {
  const solid = { ...iconProps, fill: 'currentColor', stroke: 'none', width: 22, height: 22 };
  switch (network) {
    case 'facebook':
      return (
        <svg {...solid}>
          <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z" />
        </svg>
      );
    case 'soundcloud':
      return (
        <svg {...solid}>
          <path d="M11 8.2c.8-.5 1.7-.7 2.7-.7 3 0 5.4 2.2 5.7 5.1a3 3 0 0 1 .6 5.9H11zM9.5 9.5h.9v8.9h-.9zM7.7 10.6h.9v7.8h-.9zM5.9 11.4h.9v7h-.9zM4.1 12.8H5v5.6h-.9zM2.3 14.1h.9v4.2h-.9z" />
        </svg>
      );
    case 'instagram':
      return (
        <svg {...iconProps} width={22} height={22}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
        </svg>
      );
    case 'youtube':
      return (
        <svg {...solid}>
          <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z" />
        </svg>
      );
  }
}

export type CardLogo = ClientConfig['cardLogos'][number];

export const CARD_LABELS: Record<CardLogo, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  amex: 'American Express',
};

/** A payment card mark, 48 by 30, drawn as a simplified badge. */
export function CardMark({ card }: { card: CardLogo }) {
  const common = { width: 48, height: 30, viewBox: '0 0 48 30', role: 'img', 'aria-label': CARD_LABELS[card], className: 'card-mark' };
  switch (card) {
    case 'visa':
      return (
        <svg {...common}>
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#c9c6d3" />
          <text x="24" y="20" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="13" fontStyle="italic" fontWeight="700" fill="#1a1f71">
            VISA
          </text>
        </svg>
      );
    case 'mastercard':
      return (
        <svg {...common}>
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#c9c6d3" />
          <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
          <circle cx="28.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      );
    case 'maestro':
      return (
        <svg {...common}>
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#c9c6d3" />
          <circle cx="19.5" cy="15" r="8" fill="#0099df" />
          <circle cx="28.5" cy="15" r="8" fill="#eb001b" fillOpacity="0.85" />
        </svg>
      );
    case 'amex':
      return (
        <svg {...common}>
          <rect width="48" height="30" rx="4" fill="#1f72cd" />
          <text x="24" y="19" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="10" fontWeight="700" fill="#fff">
            AMEX
          </text>
        </svg>
      );
  }
}
