import { STAFF_ROLES, type StaffApiAnswer, type StaffRoleName } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { Dropdown } from '../../components/ui/Dropdown';
import { Modal } from '../../components/ui/Modal';
import { Page } from '../../components/ui/Page';
import { EmailField, TextField } from '../../components/ui/TextField';
import { staffCall } from '../api';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { staffTexts } from '../texts';
import { useMember } from '../use-member';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

type Row = StaffApiAnswer<'staff-members'>['members'][number];
type Change = { row: Row; action: 'disable' | 'enable' | 'send-password-link' | 'reset-second-factor' | 'set-role' };

const MEMBERS_KEY = ['staff-members'] as const;
const AUDIT_KEY = ['staff-audit'] as const;
/** The roles to choose from, in the page's words (made as the page is drawn). */
const roleOptions = () => STAFF_ROLES.map((role) => ({ value: role, label: say(staffTexts.roles[role]) }));

const teamTexts = staffTexts.team;

/** The admins' staff page (issue 22 point 1, issue 34 point 4): members, their roles; inviting, changing, disabling and enabling them, and sending them links. */
export default function TeamPage() {
  const me = useMember();
  const members = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => staffCall('staff-members', {}) });
  const [change, setChange] = useState<Change | null>(null);
  const [role, setRole] = useState<StaffRoleName>('box_office');
  const [form, setForm] = useState({ email: '', name: '', role: 'box_office' as StaffRoleName });

  const changeMember = useStaffAction({
    run: (input: Change & { role?: StaffRoleName }) =>
      staffCall('staff-change-member', input.action === 'set-role' ? { id: input.row.id, action: 'set-role', role: input.role! } : { id: input.row.id, action: input.action }),
    done: (answer) => {
      setChange(null);
      return answer.message;
    },
    reload: [MEMBERS_KEY, AUDIT_KEY],
  });
  const addMember = useStaffAction({
    run: (input: typeof form) => staffCall('staff-add-member', input),
    done: (answer) => {
      setForm({ email: '', name: '', role: 'box_office' });
      return answer.message;
    },
    reload: [MEMBERS_KEY, AUDIT_KEY],
  });

  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    addMember.mutate(form);
  };
  const open = (row: Row, action: Change['action']) => {
    changeMember.clearMessage();
    setRole(row.role);
    setChange({ row, action });
  };

  return (
    <Page title={say(teamTexts.title)} lead={say(teamTexts.lead)}>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <LoadFailed error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <DataTable
          caption={say(teamTexts.caption)}
          captionHidden
          stackOnNarrow
          rows={members.data.members}
          rowKey={(row) => row.id}
          columns={[
            { key: 'name', header: say(teamTexts.name), cell: (row) => row.name },
            { key: 'email', header: say(teamTexts.email), cell: (row) => row.email },
            { key: 'role', header: say(teamTexts.role), cell: (row) => say(staffTexts.roles[row.role]) },
            { key: 'factor', header: say(teamTexts.secondFactor), cell: (row) => say(row.role === 'gate' ? teamTexts.notNeeded : row.second_factor ? teamTexts.setUp : row.second_factor_by_link ? teamTexts.byLink : teamTexts.notSetUp) },
            {
              key: 'status',
              header: say(teamTexts.status),
              cell: (row) => (row.disabled ? <Badge tone="neutral">{say(teamTexts.disabled)}</Badge> : row.invited ? <Badge tone="info">{say(teamTexts.invited)}</Badge> : <Badge tone="success">{say(teamTexts.active)}</Badge>),
            },
          ]}
          actions={(row) =>
            row.email === me.email ? (
              <span className="text-muted">{say(teamTexts.you)}</span>
            ) : row.disabled ? (
              <div className="staff-row-actions">
                <Button size="sm" variant="secondary" onClick={() => open(row, 'enable')} aria-label={teamTexts.actionLabel(say(teamTexts.enable), row.name)}>
                  {say(teamTexts.enable)}
                </Button>
              </div>
            ) : (
              <div className="staff-row-actions">
                <Button size="sm" variant="secondary" onClick={() => open(row, 'set-role')} aria-label={teamTexts.actionLabel(say(teamTexts.changeRole), row.name)}>
                  {say(teamTexts.changeRole)}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => open(row, 'send-password-link')} aria-label={teamTexts.actionLabel(say(row.invited ? teamTexts.sendInvitationAgain : teamTexts.sendPasswordLink), row.name)}>
                  {say(row.invited ? teamTexts.sendInvitationAgain : teamTexts.sendPasswordLink)}
                </Button>
                {row.role !== 'gate' && !row.invited && (
                  <Button size="sm" variant="secondary" onClick={() => open(row, 'reset-second-factor')} aria-label={teamTexts.actionLabel(say(teamTexts.reset), row.name)}>
                    {say(teamTexts.reset)}
                  </Button>
                )}
                <Button size="sm" variant="danger" onClick={() => open(row, 'disable')} aria-label={teamTexts.actionLabel(say(teamTexts.disable), row.name)}>
                  {say(teamTexts.disable)}
                </Button>
              </div>
            )
          }
        />
      )}

      <section className="card form-stack staff-section" aria-labelledby="add-member-title">
        <h2 id="add-member-title">{say(teamTexts.addTitle)}</h2>
        <p className="text-muted">{say(teamTexts.addLead)}</p>
        <form className="form-stack" onSubmit={submitAdd} noValidate>
          {addMember.message && (
            <div className="alert alert--danger" role="alert">
              {addMember.message}
            </div>
          )}
          <div className="staff-form-row">
            <EmailField label={say(teamTexts.email)} value={form.email} onChange={(email) => setForm({ ...form, email })} autoComplete="off" hint={addMember.fieldError('email')} aria-invalid={!!addMember.fieldError('email') || undefined} />
            <TextField label={say(teamTexts.name)} value={form.name} onChange={(name) => setForm({ ...form, name })} autoComplete="off" required hint={addMember.fieldError('name')} aria-invalid={!!addMember.fieldError('name') || undefined} />
            <Dropdown label={say(teamTexts.role)} options={roleOptions()} value={form.role} onChange={(value) => setForm({ ...form, role: value as StaffRoleName })} required hint={addMember.fieldError('role')} />
          </div>
          <div className="button-row">
            <Button type="submit" loading={addMember.isPending}>
              {say(teamTexts.add)}
            </Button>
          </div>
        </form>
      </section>

      {change && change.action === 'set-role' && (
        <Modal
          open
          onClose={() => setChange(null)}
          title={teamTexts.roleTitle(change.row.name)}
          size="sm"
          footer={
            <Button loading={changeMember.isPending} onClick={() => changeMember.mutate({ ...change, role })}>
              {say(teamTexts.roleSave)}
            </Button>
          }
        >
          {changeMember.message && (
            <div className="alert alert--danger" role="alert">
              {changeMember.message}
            </div>
          )}
          <Dropdown label={say(teamTexts.role)} options={roleOptions()} value={role} onChange={(value) => setRole(value as StaffRoleName)} />
        </Modal>
      )}
      {change && change.action !== 'set-role' && (
        <ConfirmModal
          open
          title={say(confirmLabel(change))}
          confirmLabel={say(confirmLabel(change))}
          confirmVariant={change.action === 'disable' ? 'danger' : 'primary'}
          busy={changeMember.isPending}
          onCancel={() => setChange(null)}
          onConfirm={() => changeMember.mutate(change)}
        >
          {changeMember.message && (
            <div className="alert alert--danger" role="alert">
              {changeMember.message}
            </div>
          )}
          <p>{question(change)}</p>
        </ConfirmModal>
      )}
    </Page>
  );
}

const confirmLabel = (change: Change) =>
  change.action === 'disable'
    ? teamTexts.disable
    : change.action === 'enable'
      ? teamTexts.enable
      : change.action === 'send-password-link'
        ? change.row.invited
          ? teamTexts.sendInvitationAgain
          : teamTexts.sendPasswordLink
        : teamTexts.reset;

const question = (change: Change) =>
  change.action === 'disable'
    ? teamTexts.disableQuestion(change.row.name)
    : change.action === 'enable'
      ? teamTexts.enableQuestion(change.row.name)
      : change.action === 'send-password-link'
        ? change.row.invited
          ? teamTexts.invitationAgainQuestion(change.row.name)
          : teamTexts.passwordLinkQuestion(change.row.name)
        : teamTexts.resetQuestion(change.row.name);
