import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP_CONFIG } from '../../env';
import { ConfigError, loadShopConfig } from './shop-config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'festival-config-languages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The demo's configuration as a YAML file of one's own, with these changes. */
function yamlConfig(changes: Record<string, unknown>): string {
  const config = { ...(JSON.parse(readFileSync(DEMO_SHOP_CONFIG, 'utf8')) as Record<string, unknown>), ...changes };
  const file = path.join(dir, `shop-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, YAML.stringify(config));
  return file;
}
const problemOf = (file: string) => {
  try {
    loadShopConfig(file);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};
const lineOf = (file: string, text: string, before?: string) => {
  const lines = readFileSync(file, 'utf8').split('\n');
  const end = before ? lines.findIndex((line) => line.includes(before)) : lines.length;
  return lines.slice(0, end).findLastIndex((line) => line.includes(text)) + 1;
};

describe('the organiser’s texts per language in the configuration file', () => {
  it('reports a language the shop does not offer, and a label of nothing, at its line', () => {
    const file = yamlConfig({ languages: ['en', 'de'], translations: { fr: { texts: { headerBanner: 'Billets' } }, de: { titles: { nosuch: 'Titel' } } } });
    const message = problemOf(file)!;
    expect(message).toContain(`translations.fr (line ${lineOf(file, 'fr:')}): the shop does not offer fr (languages: en, de)`);
    expect(message).toContain(`translations.de.titles.nosuch (line ${lineOf(file, 'nosuch:')}): names no titles of the default language`);
  });

  it('reports a schema problem of a translation at its line too, and sanitises its rich texts as the default language’s', () => {
    const bad = yamlConfig({ languages: ['en', 'de'], translations: { de: { texts: { headerBannr: 'x' } } } });
    expect(problemOf(bad)).toMatch(new RegExp(`translations\\.de\\.texts \\(line ${lineOf(bad, 'texts:', 'headerBannr')}\\)`));
    const good = yamlConfig({ languages: ['en', 'de'], translations: { de: { texts: { faqs: '<p>Fragen</p><script>alert(1)</script>' } } } });
    expect(loadShopConfig(good).translations.de?.texts?.faqs).toBe('<p>Fragen</p>');
  });
});
