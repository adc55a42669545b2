import { DEFAULT_BRAND, type ShopConfigFile } from '@festival/contract';
import type { InvoiceLinkProblem, TicketLinkProblem } from './documents.service';

/** What a ticket link that does not download says, and what the visitor can do (decision 0069). */
export const TICKET_LINK_TEXTS: Record<TicketLinkProblem, { title: string; text: string }> = {
  'passed-on': {
    title: 'This ticket is no longer valid',
    text: 'It has been passed on to someone else, who has a new ticket with a new code. This one will not get in at the entrance, printed or on a phone.',
  },
  'other-address': {
    title: 'This ticket link no longer works',
    text: 'The ticket is now sent to another address, in the name its holder gave. If it is yours, ask for your tickets to be sent to your address again, or see it in your account.',
  },
  refunded: { title: 'This ticket has been refunded', text: 'It was refunded and is no longer valid: it will not get in at the entrance.' },
  cancelled: { title: 'This ticket has been cancelled', text: 'Its order was cancelled, so the ticket is no longer valid: it will not get in at the entrance.' },
  'not-paid': {
    title: 'This ticket is not ready yet',
    text: 'Its order is not paid in full yet. We e-mail the ticket to download as soon as it is; you can see the order and pay what is open in your account.',
  },
  unknown: {
    title: 'This ticket link does not work',
    text: 'It may be incomplete: open it from the e-mail again, or copy the whole link. You can also have your tickets sent to you again.',
  },
};

export const INVOICE_LINK_TEXTS: Record<InvoiceLinkProblem, { title: string; text: string }> = {
  'not-paid': { title: 'This invoice is not ready yet', text: 'The invoice is issued once the order is paid in full. You can see the order and pay what is open in your account.' },
  unknown: {
    title: 'This invoice link does not work',
    text: 'It may be incomplete or have expired: open it from the e-mail again, or download the invoice from the order in your account.',
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page a document link answers when it does not download (status 404, never cached): the
 * shop's name and colours, what is wrong in a sentence, and the ways on (the shop's account and
 * re-send pages). Plain HTML with inline style: it is the shop's own page, not the web app, so
 * it also shows where the app's script does not run.
 */
export function linkProblemPage(config: Pick<ShopConfigFile, 'name'> & Partial<Pick<ShopConfigFile, 'brand'>>, problem: { title: string; text: string }): string {
  const brand = { ...DEFAULT_BRAND, ...config.brand };
  const links = [
    { href: '/portal', label: 'Your orders' },
    { href: '/resend-tickets', label: 'Re-send tickets' },
    { href: '/', label: 'To the shop' },
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(problem.title)} – ${escape(config.name)}</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; background: ${brand.backgroundColour}; color: ${brand.textColour}; line-height: 1.5; }
header { background: ${brand.primaryColour}; color: ${brand.onPrimaryColour}; padding: 1rem 1.25rem; font-weight: 600; }
main { max-width: 36rem; margin: 2rem auto; padding: 0 1.25rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.75rem; }
a { color: ${brand.primaryColour}; font-weight: 600; }
</style>
</head>
<body>
<header>${escape(config.name)}</header>
<main>
<h1>${escape(problem.title)}</h1>
<p>${escape(problem.text)}</p>
<ul>${links.map((link) => `<li><a href="${link.href}">${escape(link.label)}</a></li>`).join('')}</ul>
</main>
</body>
</html>
`;
}
