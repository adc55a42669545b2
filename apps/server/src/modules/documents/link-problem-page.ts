import { DEFAULT_BRAND, type ShopConfigFile, type Text, type Translator } from '@festival/contract';
import { shopNameIn, type ShopNameConfig } from '../../lib/reader';
import { linkProblemTexts as texts } from './documents.messages';
import type { InvoiceLinkProblem, TicketLinkProblem } from './documents.service';

/** What is wrong with a link, in a sentence under a title. */
export interface LinkProblem {
  title: Text;
  text: Text;
}

/** What a ticket link that does not download says, and what the visitor can do (decision 0069). */
export const TICKET_LINK_TEXTS: Record<TicketLinkProblem, LinkProblem> = {
  'passed-on': { title: texts.ticketPassedOnTitle, text: texts.ticketPassedOnText },
  'other-address': { title: texts.ticketOtherAddressTitle, text: texts.ticketOtherAddressText },
  refunded: { title: texts.ticketRefundedTitle, text: texts.ticketRefundedText },
  cancelled: { title: texts.ticketCancelledTitle, text: texts.ticketCancelledText },
  'not-paid': { title: texts.ticketNotPaidTitle, text: texts.ticketNotPaidText },
  unknown: { title: texts.ticketUnknownTitle, text: texts.ticketUnknownText },
};

export const INVOICE_LINK_TEXTS: Record<InvoiceLinkProblem, LinkProblem> = {
  'not-paid': { title: texts.invoiceNotPaidTitle, text: texts.invoiceNotPaidText },
  unknown: { title: texts.invoiceUnknownTitle, text: texts.invoiceUnknownText },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page a document link answers when it does not download (status 404, never cached): the
 * shop's name and colours, what is wrong in a sentence, and the ways on (the shop's account and
 * re-send pages). Plain HTML with inline style: it is the shop's own page, not the web app, so
 * it also shows where the app's script does not run. In the request's language (`translator`),
 * right to left where it is written so.
 */
export function linkProblemPage(config: ShopNameConfig & Partial<Pick<ShopConfigFile, 'brand'>>, problem: LinkProblem, translator: Translator): string {
  const shopName = shopNameIn(config, translator.locale);
  const brand = { ...DEFAULT_BRAND, ...config.brand };
  const say = (text: Text) => translator.format(text);
  const title = say(problem.title);
  const links = [
    { href: '/portal', label: say(texts.yourOrders) },
    { href: '/resend-tickets', label: say(texts.resendTickets) },
    { href: '/', label: say(texts.toTheShop) },
  ];
  return `<!doctype html>
<html lang="${translator.locale}" dir="${translator.direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} – ${escape(shopName)}</title>
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
<header>${escape(shopName)}</header>
<main>
<h1>${escape(title)}</h1>
<p>${escape(say(problem.text))}</p>
<ul>${links.map((link) => `<li><a href="${link.href}">${escape(link.label)}</a></li>`).join('')}</ul>
</main>
</body>
</html>
`;
}
