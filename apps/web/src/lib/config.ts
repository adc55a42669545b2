import { CONFIG_ELEMENT_ID, type ClientConfig } from '@festival/contract';

/**
 * The one accessor for the shop configuration the server injects into index.html as
 * <script id="shop-config" type="application/json">.
 *
 * Why no zod here: `clientConfig.parse` would put zod (tens of kB) into the first-route bundle
 * of every visitor. The server already validated the file with the same contract schema before
 * injecting it, so the page trusts the shape (a plain JSON.parse cast to ClientConfig) and only
 * restores the defaults the schema would add, in case a hand-made page leaves them out.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseClientConfig(json: string): ClientConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new ConfigError(`The shop configuration is not valid JSON: ${(error as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || typeof (raw as { name?: unknown }).name !== 'string') {
    throw new ConfigError('The shop configuration has no shop name.');
  }
  const config = raw as ClientConfig;
  return {
    ...config,
    locale: config.locale || 'en-GB',
    languages: config.languages?.length ? config.languages : ['en'],
    ambassadors: { ...config.ambassadors, path: config.ambassadors?.path || 'ambassadors' },
    social: config.social ?? {},
    usefulLinks: config.usefulLinks ?? [],
    cardLogos: config.cardLogos ?? ['visa', 'mastercard'],
    titles: config.titles ?? {},
    events: config.events ?? {},
  };
}

export function readConfigFromDocument(doc: Document): ClientConfig {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) {
    throw new ConfigError(`The page has no shop configuration (element #${CONFIG_ELEMENT_ID}).`);
  }
  return parseClientConfig(element.textContent);
}

let cached: ClientConfig | undefined;

/**
 * The configuration of this page, read once. It changes only with the page's language (the
 * organiser's texts in it, decision 0094): `replaceConfig` at a switch, before the pages render
 * again.
 */
export function getConfig(): ClientConfig {
  cached ??= readConfigFromDocument(document);
  return cached;
}

/**
 * Hook form of getConfig for components. The configuration is constant for the life of the
 * page, so no context or subscription is needed; the hook keeps call sites ready for one.
 */
export function useConfig(): ClientConfig {
  return getConfig();
}

/** The configuration in the language the page switches to (its texts; the shop's settings are the same). */
export function replaceConfig(config: ClientConfig): void {
  cached = parseClientConfig(JSON.stringify(config));
}
