import type { ReactElement, ReactNode } from 'react';
import { Button } from '../components/ui/Button';
import { Loading } from '../components/ui/Loading';
import { Page } from '../components/ui/Page';
import { staffTexts } from './texts';
import { say } from '../lib/say';

/** What could not be loaded, with the shop's own reason, and a way to try again. */
export function LoadFailed({ error, onRetry, standalone = false }: { error: unknown; onRetry: () => void; standalone?: boolean }) {
  const reason = error instanceof Error && error.message ? error.message : null;
  const body = (
    <div className="alert alert--danger staff-load-failed" role="alert">
      <p>
        <strong>{say(staffTexts.loadFailed)}</strong>
        {reason && ` ${reason}`}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {say(staffTexts.retry)}
      </Button>
    </div>
  );
  return standalone ? <main className="staff-standalone">{body}</main> : body;
}

/** What a page's loading query tells: whether it is still on its way, and what went wrong. */
interface PageQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A page's frame while its data loads, or with what failed and a way to try again: null once the
 * data is there (`loaded`), when the page shows itself. Several queries count as one.
 */
export function PageLoadState({ title, lead, queries, loaded }: { title: ReactNode; lead?: ReactNode; queries: PageQuery[]; loaded: boolean }): ReactElement | null {
  if (queries.some((query) => query.isPending))
    return (
      <Page title={title} lead={lead}>
        <Loading />
      </Page>
    );
  if (loaded) return null;
  return (
    <Page title={title} lead={lead}>
      <LoadFailed error={queries.find((query) => query.error)?.error ?? null} onRetry={() => void Promise.all(queries.map((query) => query.refetch()))} />
    </Page>
  );
}
