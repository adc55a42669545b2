import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createShopMetrics } from './metrics';

const DASHBOARD = path.resolve(import.meta.dirname, '../../../../docs/grafana-dashboard.json');

/** Prometheus' own suffixes of a histogram's and a counter's series. */
const baseName = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

/**
 * The Grafana dashboard in docs/ (issue 38 point 5) reads only metrics the shop exports: a test
 * fails when a panel names a metric the shop does not have (one renamed or removed).
 */
describe('the Grafana dashboard', () => {
  it('is a dashboard whose every panel queries metrics the shop exports', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { title: string; uid: string; panels: { title: string; targets: { expr: string }[] }[] };
    expect([dashboard.title, dashboard.uid]).toEqual(['Festival shop', 'festival-shop']);
    // The registry's metrics, listed without asking the database (nothing is collected here).
    const exported = new Set(createShopMetrics({} as Db).registry.getMetricsAsArray().map((metric) => metric.name));
    expect(exported.has('shop_http_request_duration_seconds')).toBe(true);
    const named = dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => [...target.expr.matchAll(/\b((?:shop|process|nodejs)_[a-z_0-9]+)\b/g)].map((found) => ({ panel: panel.title, name: found[1]! }))));
    expect(named.length).toBeGreaterThan(10);
    for (const { panel, name } of named) expect(exported.has(name) || exported.has(baseName(name)), `${panel}: ${name}`).toBe(true);
  });
});
