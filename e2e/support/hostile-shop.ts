import type { ShopConfigFile } from '../../packages/contract/src/config';

/**
 * The hostile shop: an organiser (or whoever got at the configuration and catalogue files) who
 * writes script into every text the shop shows. Each payload, if it ever ran, would leave three
 * traces the journeys look for: its id in `window.__pwned`, the page title "PWNED", and a
 * request to `/__pwned/<id>`.
 */

export const PWNED_PATH = '/__pwned/';
export const PWNED_TITLE = 'PWNED';

/** What an injected script does when it runs. No spaces and no double quotes: it fits any attribute. */
export function payload(id: string): string {
  return `(window.__pwned=window.__pwned||[]).push('${id}');document.title='${PWNED_TITLE}';fetch('${PWNED_PATH}${id}')`;
}

/** Organiser HTML with a readable paragraph and every usual way to run script around it. */
export function hostileHtml(place: string): string {
  return [
    `<p id="${place}-readable">The ${place} text <strong>stays readable</strong>.</p>`,
    `<script>${payload(`${place}-script`)}</script>`,
    `<img src="x" onerror="${payload(`${place}-img`)}">`,
    `<details open ontoggle="${payload(`${place}-toggle`)}"><summary>More</summary>Details</details>`,
    `<svg><animate onbegin="${payload(`${place}-svg`)}" attributeName="x" dur="1s"></animate></svg>`,
    `<a id="${place}-link" href="javascript:${payload(`${place}-link`)}">A javascript: link</a>`,
    `<a id="${place}-encoded-link" href="&#106;avascript:${payload(`${place}-encoded-link`)}">An encoded javascript: link</a>`,
    `<noscript><p title="</noscript><img src=x onerror=${payload(`${place}-noscript`)}>"></p></noscript>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${payload(`${place}-mglyph`)}"></style></mglyph></table></mtext></math>`,
  ].join('\n');
}

/** Plain configuration text that closes the configuration's script element and adds its own. */
export const HOSTILE_NAME = `Hostile "Fest" </script><script>${payload('config-name')}</script> & Co`;
export const HOSTILE_DESCRIPTION = `A "quoted" shop </script><script>${payload('meta')}</script><img src=x onerror="${payload('meta-img')}">`;
export const HOSTILE_BANNER = `Banner <img src=x onerror="${payload('config-banner')}"> "quoted" </script><script>${payload('config-banner-script')}</script>`;
export const HOSTILE_ITEM_CODE = 'HOSTILE-TICKET';
export const HOSTILE_ITEM_NAME = `Hostile ticket "quoted" </script><script>${payload('item-name')}</script>`;

/** The demo configuration with hostile texts, links and pages. */
export function hostileConfig(demo: ShopConfigFile): ShopConfigFile {
  return {
    ...demo,
    name: HOSTILE_NAME,
    description: HOSTILE_DESCRIPTION,
    texts: {
      ...demo.texts,
      headerBanner: HOSTILE_BANNER,
      homeIntro: hostileHtml('intro'),
      termsAndConditions: hostileHtml('terms'),
      privacyPolicy: hostileHtml('privacy'),
    },
    // javascript: links in the configuration's addresses are refused when it is loaded
    // (packages/contract/src/config.test.ts), so they cannot be part of a shop that starts.
  };
}

/** A catalogue file's text (JSON, which the catalogue reader takes as the YAML it is) of one ticket with a hostile name and description. */
export function hostileCatalogue(): string {
  return JSON.stringify({
    events: [{ code: 'HOSTILE', name: `Hostile event </script><script>${payload('event-name')}</script>`, timezone: 'Europe/Amsterdam', starts_at: '2027-06-18T12:00:00+02:00' }],
    tax_rates: [{ code: 'low', name: 'VAT 9%', rate: 9 }],
    products: [
      {
        code: HOSTILE_ITEM_CODE,
        event: 'HOSTILE',
        type: 'ticket',
        name: HOSTILE_ITEM_NAME,
        price: 1000,
        tax: 'low',
        stock: 100,
        featured: true,
        description: hostileHtml('description'),
      },
    ],
  });
}
