import { readFileSync } from 'node:fs';
import { shopConfigFile, type ClientConfig, type EventSettings, type ShopConfigFile } from '@festival/contract';
import YAML from 'yaml';
import { sanitizeRichText } from '../../lib/sanitize';

export class ConfigError extends Error {}

/** Reads and validates the shop configuration; the error names every bad field. */
export function loadShopConfig(file: string): ShopConfigFile {
  let raw: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    raw = /\.ya?ml$/i.test(file) ? YAML.parse(text) : JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Cannot read the shop configuration ${file}: ${(error as Error).message}`);
  }
  const parsed = shopConfigFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`The shop configuration ${file} is not valid:\n${lines.join('\n')}`);
  }
  return sanitizeConfig(parsed.data);
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
