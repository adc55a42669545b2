import type { StaffApiAnswer } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { Loading } from '../../components/ui/Loading';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { staffCall } from '../api';
import { LoadFailed } from '../LoadStates';
import { staffTexts } from '../texts';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';
import { staffLocale } from '../money';

type Row = StaffApiAnswer<'scanners'>['scanners'][number];

const SCANNERS_KEY = ['scanners'] as const;
const AUDIT_KEY = ['staff-audit'] as const;
const texts = staffTexts.scanners;
// In the page's language (the device's zone: a scanner's last sync is the desk's own moment).
const when = (value: string | null) => (value ? <time dateTime={value}>{new Intl.DateTimeFormat(staffLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))}</time> : say(texts.never))

/** The gate's scanners (issue 34 point 4, decision 0063): added with the code shown once, listed with their last sync, revoked. */
export default function ScannersPage() {
  const scanners = useQuery({ queryKey: SCANNERS_KEY, queryFn: () => staffCall('scanners', {}) });
  const [name, setName] = useState('');
  const [added, setAdded] = useState<{ name: string; code: string } | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const add = useStaffAction({
    run: (input: { name: string }) => staffCall('scanner-add', input),
    done: (answer) => {
      setAdded({ name: answer.scanner.name, code: answer.code });
      setName('');
      return null;
    },
    reload: [SCANNERS_KEY, AUDIT_KEY],
  });
  const revoke = useStaffAction({
    run: (row: Row) => staffCall('scanner-revoke', { id: row.id }),
    done: (answer) => {
      setRevoking(null);
      return answer.message;
    },
    reload: [SCANNERS_KEY, AUDIT_KEY],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    add.mutate({ name });
  };

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)}>
      {scanners.isPending ? (
        <Loading />
      ) : scanners.isError ? (
        <LoadFailed error={scanners.error} onRetry={() => void scanners.refetch()} />
      ) : scanners.data.scanners.length === 0 ? (
        <p>{say(texts.none)}</p>
      ) : (
        <DataTable
          caption={say(texts.caption)}
          captionHidden
          stackOnNarrow
          rows={scanners.data.scanners}
          rowKey={(row) => row.id}
          columns={[
            { key: 'name', header: say(texts.name), cell: (row) => row.name },
            { key: 'created', header: say(texts.created), cell: (row) => when(row.created_at) },
            { key: 'sync', header: say(texts.lastSync), cell: (row) => when(row.last_sync_at) },
            { key: 'status', header: say(texts.status), cell: (row) => (row.revoked_at ? <Badge tone="neutral">{say(texts.revoked)}</Badge> : <Badge tone="success">{say(texts.live)}</Badge>) },
          ]}
          actions={(row) =>
            row.revoked_at ? null : (
              <Button size="sm" variant="danger" onClick={() => (revoke.clearMessage(), setRevoking(row))} aria-label={texts.revokeLabel(row.name)}>
                {say(texts.revoke)}
              </Button>
            )
          }
        />
      )}

      <section className="card form-stack staff-section" aria-labelledby="add-scanner-title">
        <h2 id="add-scanner-title">{say(texts.addTitle)}</h2>
        {added && (
          <div className="alert alert--success" role="status">
            <p>
              <strong>{texts.codeFor(added.name)}</strong> <code className="staff-secret">{added.code}</code>
            </p>
            <p>{say(texts.codeNote)}</p>
          </div>
        )}
        <form className="form-stack" onSubmit={submit} noValidate>
          {add.message && (
            <div className="alert alert--danger" role="alert">
              {add.message}
            </div>
          )}
          <TextField label={say(texts.name)} value={name} onChange={setName} autoComplete="off" required hint={add.fieldError('name')} aria-invalid={!!add.fieldError('name') || undefined} />
          <div className="button-row">
            <Button type="submit" loading={add.isPending}>
              {say(texts.add)}
            </Button>
          </div>
        </form>
      </section>

      {revoking && (
        <ConfirmModal open title={say(texts.revoke)} confirmLabel={say(texts.revoke)} confirmVariant="danger" busy={revoke.isPending} onCancel={() => setRevoking(null)} onConfirm={() => revoke.mutate(revoking)}>
          {revoke.message && (
            <div className="alert alert--danger" role="alert">
              {revoke.message}
            </div>
          )}
          <p>{texts.revokeQuestion(revoking.name)}</p>
        </ConfirmModal>
      )}
    </Page>
  );
}
