import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP_CONFIG } from '../../env';
import { commandPlaceOf, ConfigError, loadShopConfig, rememberedPublicAddress, rememberPublicAddress, resolvePublicBaseUrl, shopPlaceOf } from './shop-config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'festival-public-base-url-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A shop of one's own: the demo's configuration in another file, with publicBaseUrl as given. */
function ownConfig(publicBaseUrl: string | undefined): string {
  const config = JSON.parse(readFileSync(DEMO_SHOP_CONFIG, 'utf8')) as Record<string, unknown>;
  if (publicBaseUrl === undefined) delete config.publicBaseUrl;
  else config.publicBaseUrl = publicBaseUrl;
  const file = path.join(dir, `shop-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('the public address of the shop', () => {
  it('is not written into the demo configuration: the demo derives it from the port it listens on', () => {
    expect(JSON.parse(readFileSync(DEMO_SHOP_CONFIG, 'utf8'))).not.toHaveProperty('publicBaseUrl');
    const place = shopPlaceOf({ PORT: 3101, NODE_ENV: 'production', SHOP_CONFIG: DEMO_SHOP_CONFIG }, DEMO_SHOP_CONFIG);
    expect(place).toEqual({ port: 3101, production: true, demoConfig: true });
    expect(loadShopConfig(DEMO_SHOP_CONFIG, place).publicBaseUrl).toBe('http://localhost:3101');
  });

  it('is the configured address, without a trailing slash, whatever the port', () => {
    const file = ownConfig('https://tickets.example.org/');
    expect(loadShopConfig(file, { port: 8080, production: true, demoConfig: false }).publicBaseUrl).toBe('https://tickets.example.org');
    expect(resolvePublicBaseUrl('https://shop.example.org/festival//', { port: 1, production: false, demoConfig: false })).toBe('https://shop.example.org/festival');
  });

  it('must be set by a shop of its own in production: it refuses to start and says what to set', () => {
    const file = ownConfig(undefined);
    const place = shopPlaceOf({ PORT: 3000, NODE_ENV: 'production', SHOP_CONFIG: file }, DEMO_SHOP_CONFIG);
    expect(() => loadShopConfig(file, place)).toThrow(ConfigError);
    expect(() => loadShopConfig(file, place)).toThrow(/sets no "publicBaseUrl".*Set "publicBaseUrl" to the address customers reach the shop at/s);
    // Outside production a shop of one's own is tried out on this machine.
    expect(loadShopConfig(file, { ...place, production: false }).publicBaseUrl).toBe('http://localhost:3000');
  });

  it('is, for an organiser command, the address the shop last started with, before the PORT the command sees', () => {
    const dataDir = path.join(dir, 'data');
    const env = { PORT: 3000, NODE_ENV: 'production', SHOP_CONFIG: DEMO_SHOP_CONFIG, DATA_DIR: dataDir };
    expect(commandPlaceOf(env, DEMO_SHOP_CONFIG).remembered).toBeNull();
    expect(loadShopConfig(DEMO_SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG)).publicBaseUrl).toBe('http://localhost:3000');
    rememberPublicAddress(dataDir, 'http://localhost:8080');
    expect(loadShopConfig(DEMO_SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG)).publicBaseUrl).toBe('http://localhost:8080');
    // A configured address wins over what was remembered.
    expect(loadShopConfig(ownConfig('https://tickets.example.org'), commandPlaceOf(env, DEMO_SHOP_CONFIG)).publicBaseUrl).toBe('https://tickets.example.org');
    // What is not a web address is not taken.
    rememberPublicAddress(dataDir, 'javascript:alert(1)');
    expect(rememberedPublicAddress(dataDir)).toBeNull();
  });

  it('is a web address: another scheme is refused with the field named', () => {
    for (const bad of ['javascript:alert(1)', 'ftp://shop.example.org', 'shop.example.org']) {
      expect(() => loadShopConfig(ownConfig(bad))).toThrow(/publicBaseUrl \(line 1\): Give a web address starting with https:\/\/ or http:\/\//);
    }
  });
});
