// npm run bench [-- web | api | lighthouse | cart | flash | statements]: measures the shop against its speed targets and
// prints each figure beside its target. Not a test: figures depend on the machine.
import { benchBareServer, benchCall } from './api';
import { benchFlashSale } from './flash';
import { benchStatements } from './statements';
import { benchAddToCart } from './cart';
import { benchLighthouse } from './lighthouse';
import { figures } from './report';
import { startShop } from './server';
import { benchFirstRoute, benchStaticServing } from './web';
// @ts-expect-error plain ESM helper shared with npm start
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';

const only = new Set(process.argv.slice(2));
const wants = (part: string) => only.size === 0 || only.has(part);

async function main(): Promise<void> {
  if (wants('web') || wants('lighthouse')) {
    ensureWebBuild();
    const shop = await startShop('pglite', 3801);
    try {
      if (wants('web')) {
        console.log('\n# Web app');
        await benchFirstRoute(shop.url);
        await benchStaticServing(shop.url);
      }
      if (wants('lighthouse')) {
        console.log('\n# Lighthouse (mobile)');
        for (const [pathName, label] of [['/', 'home'], ['/tickets', 'tickets listing'], ['/tickets/NWF27-WEEKEND', 'product page']] as const) {
          benchLighthouse(`${shop.url}${pathName}`, label);
        }
      }
    } finally {
      await shop.stop();
    }
  }
  if (wants('api')) {
    console.log('\n# What this machine allows any server');
    await benchBareServer(16 * 1024);
    for (const engine of ['pglite', 'postgres'] as const) {
      console.log(`\n# API on ${engine}`);
      const shop = await startShop(engine, 3802);
      try {
        await benchCall(shop.url, engine, 'get-data', {});
        await benchCall(shop.url, engine, 'get-shop-item', { external_code: 'NWF27-WEEKEND' });
      } finally {
        await shop.stop();
      }
    }
  }
  if (wants('cart')) {
    console.log('\n# Add to cart on postgres');
    const shop = await startShop('postgres', 3803);
    try {
      await benchAddToCart(shop);
    } finally {
      await shop.stop();
    }
  }
  if (wants('flash')) {
    console.log('\n# Flash sale on postgres, one instance');
    await benchFlashSale();
  }
  if (only.has('statements')) {
    console.log('\n# Where the database time goes in a small on-sale (pg_stat_statements)');
    await benchStatements();
  }
  const missed = figures.filter((figure) => !figure.ok);
  console.log(`\n${figures.length - missed.length} of ${figures.length} figures meet their target.`);
  if (missed.length) process.exitCode = 1;
}

await main();
