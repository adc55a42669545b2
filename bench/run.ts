// npm run bench [-- web | languages | api | lighthouse | cart | call-cpu | flash | onsale | dashboard | checkin | backoffice-search | vouchers | editors | catalogue-page | metrics | statements]: measures the shop against its speed targets and
// prints each figure beside its target. Not a test: figures depend on the machine.
// A section that fails (a flaky tool, a server that does not start) costs only its own figures:
// they are printed as MISSING with the reason, the other sections still run, and the exit
// status is 2 when anything is missing (1 when a target is missed, 0 when all are met).
import { benchBareServer, benchCall } from './api';
import { benchOfflineVerify, benchOnlineCheckin, OFFLINE_FIGURES, RACE_FIGURES, SCAN_FIGURES } from './checkin';
import { benchCallCpu } from './call-cpu';
import { benchFlashSale } from './flash';
import { benchOnsale } from './onsale';
import { benchDashboard, DASHBOARD_FIGURES } from './dashboard';
import { benchOrderSearch, ORDER_SEARCH_FIGURES } from './order-search';
import { benchVouchers, VOUCHER_FIGURES } from './vouchers';
import { benchMetricsScrape, METRICS_FIGURES } from './metrics';
import { benchCataloguePage, benchEditorsDuringSale, CATALOGUE_PAGE_FIGURES, EDITOR_FIGURES } from './editors';
import { benchStatements } from './statements';
import { benchAddToCart } from './cart';
import { benchLanguageSwitch, LANGUAGE_SWITCH_FIGURES } from './language-switch';
import { benchLighthouse, lighthouseFigures } from './lighthouse';
import { summary } from './report';
import { section } from './sections';
import { startShop } from './server';
import { benchFirstRoute, benchStaticServing, FIRST_ROUTE_FIGURES, STATIC_SERVING_FIGURES } from './web';
// @ts-expect-error plain ESM helper shared with npm start
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';

const only = new Set(process.argv.slice(2));
const wants = (part: string) => only.size === 0 || only.has(part);

const LIGHTHOUSE_PAGES = [['/', 'home'], ['/tickets', 'tickets listing'], ['/tickets/NWF27-WEEKEND', 'product page']] as const;
const callFigure = (apiPath: string, engine: string) => ({ name: `${apiPath} p99 at 200 concurrent clients on ${engine}`, unit: 'ms', target: { max: 20 } });

async function main(): Promise<void> {
  if (wants('web') || wants('lighthouse')) {
    const webFigures = wants('web') ? [...FIRST_ROUTE_FIGURES, ...STATIC_SERVING_FIGURES] : [];
    const lighthouseAll = wants('lighthouse') ? LIGHTHOUSE_PAGES.flatMap(([, label]) => lighthouseFigures(label)) : [];
    // The build and the shop are shared; if they fail, every figure of both parts is missing.
    await section('web app and Lighthouse', [...webFigures, ...lighthouseAll], async () => {
      ensureWebBuild();
      const shop = await startShop('pglite', 3801);
      try {
        if (wants('web')) {
          console.log('\n# Web app');
          await section('first render of /', FIRST_ROUTE_FIGURES, () => benchFirstRoute(shop.url));
          await section('static serving', STATIC_SERVING_FIGURES, () => benchStaticServing(shop.url));
        }
        if (wants('lighthouse')) {
          console.log('\n# Lighthouse (mobile)');
          for (const [pathName, label] of LIGHTHOUSE_PAGES) {
            await section(`Lighthouse, ${label}`, lighthouseFigures(label), () => benchLighthouse(`${shop.url}${pathName}`, label));
          }
        }
      } finally {
        await shop.stop();
      }
    });
  }
  if (wants('languages')) {
    console.log('\n# Switching language (issue 36)');
    await section('switching language on a loaded page', LANGUAGE_SWITCH_FIGURES, async () => {
      ensureWebBuild();
      await benchLanguageSwitch();
    });
  }
  if (wants('api')) {
    console.log('\n# What this machine allows any server');
    await section('bare node:http server', [], () => benchBareServer(16 * 1024));
    for (const engine of ['pglite', 'postgres'] as const) {
      console.log(`\n# API on ${engine}`);
      const calls = [['get-data', {}], ['get-shop-item', { external_code: 'NWF27-WEEKEND' }]] as const;
      await section(`API on ${engine}`, calls.map(([apiPath]) => callFigure(apiPath, engine)), async () => {
        const shop = await startShop(engine, 3802);
        try {
          for (const [apiPath, body] of calls) {
            await section(`${apiPath} on ${engine}`, [callFigure(apiPath, engine)], () => benchCall(shop.url, engine, apiPath, body));
          }
        } finally {
          await shop.stop();
        }
      });
    }
  }
  if (wants('cart')) {
    console.log('\n# Add to cart on postgres');
    await section('add to cart on postgres', [], async () => {
      const shop = await startShop('postgres', 3803);
      try {
        await benchAddToCart(shop);
      } finally {
        await shop.stop();
      }
    });
  }
  if (wants('call-cpu')) {
    console.log("\n# The server's CPU for each call of a purchase on postgres, one process");
    await section('server CPU per call', [], () => benchCallCpu());
  }
  if (wants('flash')) {
    // One instance at each worker count of the ladder (BENCH_WORKERS), then several instances (BENCH_INSTANCES).
    console.log('\n# Flash sale on postgres, one instance');
    await section('flash sale', [], () => benchFlashSale());
  }
  if (wants('onsale')) {
    console.log('\n# On-sale with the waiting room on postgres, one instance at each worker count');
    await section('on-sale with the waiting room', [], () => benchOnsale());
  }
  if (wants('dashboard')) {
    console.log('\n# Back-office dashboard during the flash sale on postgres, one instance');
    await section('dashboard during the flash sale', DASHBOARD_FIGURES, () => benchDashboard());
  }
  if (wants('checkin')) {
    console.log('\n# Gate check-in: a scanned pass verified offline in Chromium');
    await section('offline pass verification', OFFLINE_FIGURES, () => benchOfflineVerify());
    console.log('\n# Gate check-in online on postgres');
    await section('online check-in', [...SCAN_FIGURES, ...RACE_FIGURES], () => benchOnlineCheckin());
  }
  if (wants('backoffice-search')) {
    console.log('\n# Back office: order search over 200,000 orders on postgres');
    await section('order search', ORDER_SEARCH_FIGURES, () => benchOrderSearch());
  }
  if (wants('vouchers')) {
    console.log('\n# Back office: voucher codes generated in bulk (issue 37)');
    await section('voucher codes in bulk', VOUCHER_FIGURES, () => benchVouchers());
  }
  if (wants('editors')) {
    console.log("\n# Back office: the editors' saves during the flash sale on postgres (issue 37)");
    await section('editor saves during the flash sale', EDITOR_FIGURES, () => benchEditorsDuringSale());
  }
  if (wants('metrics')) {
    console.log('\n# Monitoring: the cost of scraping the metrics (issue 38)');
    await section('metrics scrape cost', METRICS_FIGURES, () => benchMetricsScrape());
  }
  if (wants('catalogue-page')) {
    console.log('\n# Back office: the catalogue page of a large catalogue (issue 37)');
    await section('catalogue page of a large catalogue', CATALOGUE_PAGE_FIGURES, async () => {
      ensureWebBuild();
      await benchCataloguePage();
    });
  }
  if (only.has('statements')) {
    console.log('\n# Where the database time goes in a small on-sale (pg_stat_statements)');
    await section('statement statistics', [], () => benchStatements());
  }
  const { met, missed, missing, exitCode } = summary();
  console.log(`\n${met} of ${met + missed + missing} figures meet their target${missing ? `; ${missing} MISSING (see above)` : ''}.`);
  process.exitCode = exitCode;
}

await main();
