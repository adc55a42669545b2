import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a background round (ending expired carts, abandoning unpaid orders) `intervalMs` after the
 * previous round finished, so rounds never overlap. Each instance runs its own; the rounds
 * share the work safely because they take rows with SKIP LOCKED. A failed round is logged and
 * the next one tries again. The count a round returns is logged when it is not zero.
 */
export function startPeriodicTask(
  name: string,
  round: () => Promise<number>,
  intervalMs: number,
  logger?: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  const runOnce = async () => {
    try {
      const count = await round();
      if (count) logger?.info({ count }, name);
    } catch (error) {
      logger?.error({ err: error }, `${name} failed`);
    }
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
