import type { FastifyBaseLogger } from 'fastify';
import type { CartService } from './cart.service';

/**
 * Ends carts whose time is up, `intervalMs` after the previous round finished, so their stock
 * and seats go back on sale whether or not anyone opens the cart again. Each instance runs one;
 * they share the work safely (see CartService.sweep). A failed round is logged and the next one
 * tries again.
 */
export function startCartSweeper(carts: CartService, intervalMs: number, logger?: FastifyBaseLogger): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = sweepOnce().finally(() => {
        round = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  const sweepOnce = async () => {
    try {
      const ended = await carts.sweep();
      if (ended) logger?.info({ ended }, 'ended expired carts');
    } catch (error) {
      logger?.error({ err: error }, 'sweeping expired carts failed');
    }
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
