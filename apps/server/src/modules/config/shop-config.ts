import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shopConfigSource, type ClientConfig, type EventSettings, type ShopConfigFile, type ShopConfigSource } from '@festival/contract';
import YAML from 'yaml';
import { sanitizeRichText } from '../../lib/sanitize';

export class ConfigError extends Error {}

/** Where the shop runs: it decides the public address when the configuration gives none. */
export interface ShopPlace {
  /** The port the shop listens on (PORT). */
  port: number;
  /** NODE_ENV=production. */
  production: boolean;
  /** The demo shop's own configuration file (SHOP_CONFIG unset or pointing at it). */
  demoConfig: boolean;
}

/** The demo on its default port, as tests and tools that start no server see it. */
export const DEFAULT_SHOP_PLACE: ShopPlace = { port: 3000, production: false, demoConfig: true };

/** The shop's place as the environment gives it (the server and the organiser commands read the same variables). */
export function shopPlaceOf(env: { PORT: number; NODE_ENV: string; SHOP_CONFIG: string }, demoConfigFile: string): ShopPlace {
  return { port: env.PORT, production: env.NODE_ENV === 'production', demoConfig: path.resolve(env.SHOP_CONFIG) === path.resolve(demoConfigFile) };
}

/**
 * The address every link of an e-mail, document or command starts with: the configured
 * publicBaseUrl, without a trailing slash. Without one, the demo shop (and any shop outside
 * production) is reached on this machine at the port it listens on; a shop of one's own in
 * production cannot guess where its customers reach it, so it refuses to start.
 */
export function resolvePublicBaseUrl(configured: string | null | undefined, place: ShopPlace, file = 'the shop configuration'): string {
  if (configured) return configured.replace(/\/+$/, '');
  if (place.production && !place.demoConfig) {
    throw new ConfigError(
      `${file} sets no "publicBaseUrl", and NODE_ENV=production: the links in e-mails, documents and payment returns would lead nowhere. ` +
        'Set "publicBaseUrl" to the address customers reach the shop at, such as "https://shop.example.org".',
    );
  }
  return `http://localhost:${place.port}`;
}

/** Reads and validates the shop configuration; the error names every bad field. */
export function loadShopConfig(file: string, place: ShopPlace = DEFAULT_SHOP_PLACE): ShopConfigFile {
  let raw: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    raw = /\.ya?ml$/i.test(file) ? YAML.parse(text) : JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Cannot read the shop configuration ${file}: ${(error as Error).message}`);
  }
  const parsed = shopConfigSource.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`The shop configuration ${file} is not valid:\n${lines.join('\n')}`);
  }
  return sanitizeConfig(withPublicBaseUrl(parsed.data, resolvePublicBaseUrl(parsed.data.publicBaseUrl, place, `The shop configuration ${file}`)));
}

function withPublicBaseUrl(source: ShopConfigSource, publicBaseUrl: string): ShopConfigFile {
  return { ...source, publicBaseUrl };
}

/** Rich-text settings are organiser HTML: they are cleaned once, when the file is loaded. */
function sanitizeConfig(config: ShopConfigFile): ShopConfigFile {
  const texts = { ...config.texts };
  for (const key of ['underConstructionText', 'homeIntro', 'termsAndConditions', 'privacyPolicy', 'securityStatement', 'cookiePolicy', 'faqs'] as const) {
    const value = texts[key];
    if (typeof value === 'string') texts[key] = sanitizeRichText(value);
  }
  const ambassadors = {
    ...config.ambassadors,
    text: config.ambassadors.text ? sanitizeRichText(config.ambassadors.text) : config.ambassadors.text,
  };
  return { ...config, texts, ambassadors };
}

export function buildClientConfig(config: ShopConfigFile, events: Record<string, EventSettings>): ClientConfig {
  return { ...config, events };
}

/**
 * JSON placed inside <script type="application/json">: "<", ">", "&" and the two line
 * separators are escaped so no configured text can close the element or start markup.
 */
export function serializeForScript(value: unknown): string {
  return escapeJsonForScript(JSON.stringify(value));
}

/** serializeForScript for JSON that is already serialised. */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
