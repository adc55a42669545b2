/**
 * Counts API calls whose handler is still running. A client that hangs up does not stop its
 * handler, so shutdown waits for this count, not only for open connections, before it closes
 * the database under them.
 */
export function createInFlightTracker() {
  let running = 0;
  let idle: (() => void)[] = [];
  return {
    async track<T>(work: () => Promise<T>): Promise<T> {
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        if (running === 0) {
          for (const resolve of idle) resolve();
          idle = [];
        }
      }
    },
    /** Resolves when nothing runs, or after `timeoutMs` (false then). */
    drained(timeoutMs: number): Promise<boolean> {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    get running() {
      return running;
    },
  };
}
export type InFlightTracker = ReturnType<typeof createInFlightTracker>;

declare module 'fastify' {
  interface FastifyInstance {
    /** API calls still running; see createInFlightTracker. */
    inFlight: InFlightTracker;
  }
}
