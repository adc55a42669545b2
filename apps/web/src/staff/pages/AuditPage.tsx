import type { StaffApiAnswer } from '@festival/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { staffCall } from '../api';
import { StaffTime } from '../StaffTime';
import { changeLines } from '../audit-changes';
import { useStaffCurrency, useStaffTimeZone } from '../use-member';
import { auditActionLabel } from '../labels';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { staffTexts } from '../texts';
import { say } from '../../lib/say';

type Entry = StaffApiAnswer<'staff-audit'>['entries'][number];

const auditTexts = staffTexts.audit;


/** The audit log (issue 22 point 1): read-only, a page of 100 at a time, for one target if asked. */
export default function AuditPage() {
  const [typed, setTyped] = useState('');
  const [target, setTarget] = useState('');
  const log = useInfiniteQuery({
    queryKey: ['staff-audit', target],
    queryFn: ({ pageParam }) => staffCall('staff-audit', { ...(pageParam ? { before_id: pageParam } : {}), ...(target ? { target } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_before_id ?? undefined,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTarget(typed.trim());
  };
  const entries: Entry[] = log.data?.pages.flatMap((page) => page.entries) ?? [];
  // Values in words: times on the events' clocks, amounts in the shop's currency.
  const view = { timeZone: useStaffTimeZone(), currency: useStaffCurrency() };

  return (
    <Page title={say(auditTexts.title)} lead={say(auditTexts.lead)}>
      <form className="staff-filter" onSubmit={submit} role="search">
        <TextField label={say(auditTexts.filter)} hint={say(auditTexts.filterHint)} value={typed} onChange={setTyped} spellCheck={false} />
        <div className="button-row">
          <Button type="submit" variant="secondary">
            {say(auditTexts.apply)}
          </Button>
          {target && (
            <Button
              variant="ghost"
              onClick={() => {
                setTyped('');
                setTarget('');
              }}
            >
              {say(auditTexts.clear)}
            </Button>
          )}
        </div>
      </form>
      {log.isPending ? (
        <Loading />
      ) : !log.data ? (
        <LoadFailed error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <>
          <DataTable
            caption={say(auditTexts.caption)}
            captionHidden
            stackOnNarrow
            rows={entries}
            rowKey={(entry) => entry.id}
            empty={say(auditTexts.none)}
            columns={[
              { key: 'at', header: say(auditTexts.when), cell: (entry) => <StaffTime at={entry.at} style="date-time-seconds" /> },
              { key: 'who', header: say(auditTexts.who), cell: (entry) => entry.actor },
              { key: 'what', header: say(auditTexts.what), cell: (entry) => <span title={entry.action}>{auditActionLabel(entry.action)}</span> },
              { key: 'on', header: say(auditTexts.on), cell: (entry) => entry.target ?? '–' },
              {
                key: 'change',
                header: say(auditTexts.change),
                cell: (entry) => (
                  <ul className="staff-changes">
                    {changeLines(entry.before, entry.after, view).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
          {log.hasNextPage && (
            <div className="button-row staff-section">
              <Button variant="secondary" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {say(auditTexts.more)}
              </Button>
            </div>
          )}
          {log.isError && <LoadFailed error={log.error} onRetry={() => void log.fetchNextPage()} />}
        </>
      )}
    </Page>
  );
}
