import { figures, note, oneLine, recordMissing, type ExpectedFigure } from './report';

/**
 * Runs one benchmark section so that its failure costs only its own figures: whatever it
 * throws, each figure it promised and did not record is reported MISSING with the reason, and
 * the run goes on to the next section. A section that promises nothing is reported missing
 * as a whole under its title.
 */
export async function section(title: string, expected: readonly ExpectedFigure[], run: () => Promise<void> | void): Promise<boolean> {
  const before = figures.length;
  try {
    await run();
    return true;
  } catch (error) {
    const reason = describe(error);
    const recorded = new Set(figures.slice(before).map((figure) => figure.name));
    const lost = expected.filter((figure) => !recorded.has(figure.name));
    if (lost.length === 0 && expected.length === 0) recordMissing(`${title} (all its figures)`, '', 'its own', reason);
    for (const figure of lost) recordMissing(figure.name, figure.unit, figure.target, reason);
    if (lost.length === 0 && expected.length > 0) note(`${title} failed after recording its figures: ${oneLine(reason)}`);
    return false;
  }
}

export interface RetryOptions {
  attempts: number;
  /** Told about each failed attempt that will be tried again. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Tries `run` up to `attempts` times (each call is told its attempt number, from 1) and returns
 * the first result; throws an error naming every failure when none succeeds.
 */
export async function withRetries<T>(run: (attempt: number) => Promise<T> | T, { attempts, onRetry }: RetryOptions): Promise<T> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      failures.push(describe(error));
      if (attempt < attempts) onRetry?.(attempt, error);
    }
  }
  throw new Error(`failed ${attempts} times: ${failures.map((failure, index) => `${index + 1}) ${failure}`).join('; ')}`);
}

export function describe(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error));
}
