import type { MessageWith, Text } from '@festival/contract';
import { APART, say, sayAround } from '../../lib/say';
import { appTexts } from '../app.messages';
import { LockIcon } from './icons';

/**
 * How each payment provider the shop has an adapter for is shown in the footer (spec section 2:
 * "payment-gateway badges for one specific gateway when that gateway is configured"; decision
 * 0037). The providers' names are set as text in their own colours, not as their logo files: no
 * logo is downloaded, and none is shipped under a licence the shop cannot give.
 */
export const GATEWAY_BADGES: Record<string, { lead: MessageWith<{ gateway: string }>; name: string; note?: Text }> = {
  stripe: { lead: appTexts.gatewayBadge.paymentsBy, name: 'Stripe' },
  mollie: { lead: appTexts.gatewayBadge.paymentsBy, name: 'Mollie' },
  // The sandbox moves no money: its badge says so, as its pages do (decision 0026).
  sandbox: { lead: appTexts.gatewayBadge.testPaymentsBy, name: 'Sandbox', note: appTexts.gatewayBadge.noMoneyMoves },
};

/** A gateway id such as "my-provider" as a name: "My Provider". */
export function gatewayName(gateway: string): string {
  return gateway
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The configured gateway's badge: its own for a provider the shop knows, a plain one otherwise. */
export function GatewayBadge({ gateway }: { gateway: string }) {
  const known = Object.hasOwn(GATEWAY_BADGES, gateway) ? GATEWAY_BADGES[gateway] : undefined;
  if (!known) {
    return (
      <p className="gateway-badge" id="gateway-badge">
        <LockIcon />
        {say(appTexts.gatewayBadge.processedBy({ gateway: gatewayName(gateway) }))}
      </p>
    );
  }
  // The provider's name sits where each language's sentence puts it, in its own colours.
  const [before, after] = sayAround(known.lead({ gateway: APART }));
  return (
    <p className={`gateway-badge gateway-badge--${gateway}`} id="gateway-badge">
      <LockIcon />
      {/* One run of text beside the lock, so a narrow column wraps it as a sentence. */}
      <span>
        {before}
        <span className="gateway-badge__name">{known.name}</span>
        {after}
        {known.note && <span className="gateway-badge__note"> ({say(known.note)})</span>}
      </span>
    </p>
  );
}
