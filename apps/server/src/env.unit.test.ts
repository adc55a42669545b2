import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backOfficePort, DEMO_CATALOGUE_FILE, DEMO_SHOP_CONFIG, readEnv, workerCount } from './env';

describe('environment', () => {
  it('gives the demo catalogue to the demo configuration only: a shop of its own starts empty (decision 0058)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    expect(readEnv({ DATA_DIR: dir }).DEMO_CATALOGUE).toBe(DEMO_CATALOGUE_FILE);
    expect(readEnv({ DATA_DIR: dir, SHOP_CONFIG: DEMO_SHOP_CONFIG, NODE_ENV: 'production' }).DEMO_CATALOGUE).toBe(DEMO_CATALOGUE_FILE);
    for (const NODE_ENV of ['development', 'production', 'test']) {
      expect(readEnv({ DATA_DIR: dir, SHOP_CONFIG: '/etc/festival/my-shop.json', NODE_ENV }).DEMO_CATALOGUE, NODE_ENV).toBe('none');
      expect(readEnv({ DATA_DIR: dir, SHOP_CONFIG: '/etc/festival/my-shop.json', NODE_ENV, DEMO_CATALOGUE: '' }).DEMO_CATALOGUE, NODE_ENV).toBe('none');
    }
    expect(readEnv({ DATA_DIR: dir, DEMO_CATALOGUE: 'none' }).DEMO_CATALOGUE).toBe('none');
  });

  it("gives the back office a port of its own on PostgreSQL only, never the shop's port (decision 0107)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    const pg = 'postgres://shop@db/shop';
    expect(backOfficePort(readEnv({ DATA_DIR: dir, DATABASE_URL: pg }))).toEqual({ port: null });
    expect(backOfficePort(readEnv({ DATA_DIR: dir, DATABASE_URL: pg, BACK_OFFICE_PORT: '' }))).toEqual({ port: null });
    expect(backOfficePort(readEnv({ DATA_DIR: dir, DATABASE_URL: pg, BACK_OFFICE_PORT: '3100' }))).toEqual({ port: 3100 });
    const embedded = backOfficePort(readEnv({ DATA_DIR: dir, BACK_OFFICE_PORT: '3100' }));
    expect(embedded.port).toBeNull();
    expect(embedded.ignored).toMatch(/^BACK_OFFICE_PORT=3100 is ignored: the embedded database/);
    for (const bad of ['0', '-1', '70000', '1.5', 'staff']) expect(() => readEnv({ DATA_DIR: dir, BACK_OFFICE_PORT: bad }), bad).toThrow(/BACK_OFFICE_PORT/);
    expect(() => readEnv({ DATA_DIR: dir, PORT: '3100', BACK_OFFICE_PORT: '3100' })).toThrow(/BACK_OFFICE_PORT: must differ from PORT/);
  });

  it('takes a metrics token of 32 characters or more, and none when empty (decision 0119)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    expect(readEnv({ DATA_DIR: dir, METRICS_TOKEN: 'm'.repeat(32) }).METRICS_TOKEN).toBe('m'.repeat(32));
    expect(readEnv({ DATA_DIR: dir, METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(() => readEnv({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
  });

  it('runs one worker per core in production on PostgreSQL, one otherwise, and always one on PGlite (decision 0077)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    const pg = 'postgres://shop@db/shop';
    expect(readEnv({ DATA_DIR: dir }).SHOP_WORKERS).toBeUndefined();
    expect(readEnv({ DATA_DIR: dir, SHOP_WORKERS: '' }).SHOP_WORKERS).toBeUndefined();
    expect(readEnv({ DATA_DIR: dir, SHOP_WORKERS: '3' }).SHOP_WORKERS).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'many']) expect(() => readEnv({ DATA_DIR: dir, SHOP_WORKERS: bad }), bad).toThrow(/SHOP_WORKERS/);
    expect(workerCount(readEnv({ DATA_DIR: dir, DATABASE_URL: pg, NODE_ENV: 'production' }), 8)).toEqual({ workers: 8 });
    expect(workerCount(readEnv({ DATA_DIR: dir, DATABASE_URL: pg, NODE_ENV: 'development' }), 8)).toEqual({ workers: 1 });
    expect(workerCount(readEnv({ DATA_DIR: dir, DATABASE_URL: pg, NODE_ENV: 'development', SHOP_WORKERS: '3' }), 8)).toEqual({ workers: 3 });
    expect(workerCount(readEnv({ DATA_DIR: dir, DATABASE_URL: pg, NODE_ENV: 'production', SHOP_WORKERS: '1' }), 8)).toEqual({ workers: 1 });
    expect(workerCount(readEnv({ DATA_DIR: dir, NODE_ENV: 'production' }), 8)).toEqual({ workers: 1 });
    const pglite = workerCount(readEnv({ DATA_DIR: dir, NODE_ENV: 'production', SHOP_WORKERS: '4' }), 8);
    expect(pglite.workers).toBe(1);
    expect(pglite.ignored).toMatch(/SHOP_WORKERS=4 is ignored: the embedded database \(PGlite/);
  });

  it('reads ALLOW_NO_MAIL as an explicit yes only (decision 0059)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    expect(readEnv({ DATA_DIR: dir }).ALLOW_NO_MAIL).toBe(false);
    expect(readEnv({ DATA_DIR: dir, ALLOW_NO_MAIL: '' }).ALLOW_NO_MAIL).toBe(false);
    expect(readEnv({ DATA_DIR: dir, ALLOW_NO_MAIL: '0' }).ALLOW_NO_MAIL).toBe(false);
    expect(readEnv({ DATA_DIR: dir, ALLOW_NO_MAIL: '1' }).ALLOW_NO_MAIL).toBe(true);
    expect(() => readEnv({ DATA_DIR: dir, ALLOW_NO_MAIL: 'yes' })).toThrow(/ALLOW_NO_MAIL/);
  });

  it('uses the documented defaults and generates a secret once per data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    const env = readEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CART_HOLD_MINUTES).toBe(15);
    expect(env.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(env.APP_SECRET);
    expect(readEnv({ DATA_DIR: dir }).APP_SECRET).toBe(env.APP_SECRET);
  });

  it('reads the hold caps and how long expired carts are kept (decision 0025), 0 switching a cap off', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    expect(readEnv({ DATA_DIR: dir })).toMatchObject({ HOLD_LIMIT_PER_CART: 30, HOLD_LIMIT_PER_ADDRESS: 40, HOLD_LIMIT_PER_NETWORK: 200, ENDED_CART_KEEP_MINUTES: 60 });
    expect(readEnv({ DATA_DIR: dir, HOLD_LIMIT_PER_CART: '12', HOLD_LIMIT_PER_ADDRESS: '0', HOLD_LIMIT_PER_NETWORK: '500', ENDED_CART_KEEP_MINUTES: '1440' })).toMatchObject({
      HOLD_LIMIT_PER_CART: 12,
      HOLD_LIMIT_PER_ADDRESS: 0,
      HOLD_LIMIT_PER_NETWORK: 500,
      ENDED_CART_KEEP_MINUTES: 1440,
    });
    expect(() => readEnv({ DATA_DIR: dir, HOLD_LIMIT_PER_ADDRESS: '-1' })).toThrow(/HOLD_LIMIT_PER_ADDRESS/);
    expect(() => readEnv({ DATA_DIR: dir, ENDED_CART_KEEP_MINUTES: '0' })).toThrow(/ENDED_CART_KEEP_MINUTES/);
  });

  it('names every bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*APP_SECRET: must be at least 32 characters/,
    );
  });
});
