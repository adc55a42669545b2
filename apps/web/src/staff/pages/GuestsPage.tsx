import { GUEST_TICKETS_SHOWN, LOCALE_NAMES, type GuestListView, type GuestTicketView, type Locale, type Shown } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { Dropdown } from '../../components/ui/Dropdown';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import { bytesOfBase64, downloadFile } from '../download-file';
import { FormDialog } from '../FormDialog';
import { emptyGuestForm, issuableItems, maxGuestUnits, prepareGuestIssue, type GuestIssueForm } from '../guests-page';
import { PageLoadState } from '../LoadStates';
import { mayCall } from '../sections';
import { staffTexts } from '../texts';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { formatStaffTime } from '../times';
import { useMember, useStaffTimeZone } from '../use-member';
import { useStaffAction } from '../use-staff-action';

const LISTS_KEY = ['guest-lists'] as const;
const ITEMS_KEY = ['box-office-items'] as const;
const RELOAD = [LISTS_KEY, ITEMS_KEY, ['dashboard'], ['staff-audit']] as const;
const texts = staffTexts.guests;

const STATUS_TONES: Record<string, BadgeTone> = { active: 'success', pending: 'info', cancelled: 'neutral' };

/**
 * Guest lists (issue 37 point 3, decision 0100): the lists with their tickets, a new list (admins),
 * complimentary tickets issued to a guest with a reason, a ticket printed or cancelled.
 */
export default function GuestsPage() {
  const member = useMember();
  const lists = useQuery({ queryKey: LISTS_KEY, queryFn: () => staffCall('guest-lists', {}) });
  const items = useQuery({ queryKey: ITEMS_KEY, queryFn: () => staffCall('box-office-items', {}) });

  const waiting = PageLoadState({ title: say(texts.title), lead: say(texts.lead), queries: [lists, items], loaded: lists.data !== undefined && items.data !== undefined });
  if (waiting || !lists.data || !items.data) return waiting;

  const admin = mayCall(member.role, 'guest-list-save');
  return (
    <Page title={say(texts.title)} lead={say(texts.lead)} className="staff-guests">
      {admin && <NewListForm />}
      {lists.data.lists.length === 0 ? (
        <p className="staff-cat-empty">{say(admin ? texts.noLists : texts.noListsAskAdmin)}</p>
      ) : (
        <>
          <IssueForm lists={lists.data.lists} languages={lists.data.languages} defaultLanguage={lists.data.default_language} groups={items.data.groups} ageRanges={items.data.age_ranges} />
          {lists.data.lists.map((list) => (
            <ListSection key={list.id} list={list} admin={admin} />
          ))}
        </>
      )}
    </Page>
  );
}

function NewListForm() {
  const titleId = useId();
  const [name, setName] = useState('');
  const create = useStaffAction({
    run: (listName: string) => staffCall('guest-list-save', { id: null, name: listName }),
    done: (answer) => {
      setName('');
      return answer.message;
    },
    reload: RELOAD,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name);
  };
  const problem = create.fieldError('name');
  return (
    <section className="card form-stack staff-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{say(texts.newList)}</h2>
      <form className="staff-guests__new" onSubmit={submit} noValidate>
        {create.message && !problem && (
          <div className="alert alert--danger" role="alert">
            {create.message}
          </div>
        )}
        <TextField
          id="staff-guests-list-name"
          label={say(texts.listName)}
          value={name}
          onChange={setName}
          autoComplete="off"
          hint={problem ?? say(texts.listNameHint)}
          aria-invalid={problem ? true : undefined}
          className={problem ? 'staff-cat-field--invalid' : undefined}
        />
        <div className="button-row">
          <Button type="submit" loading={create.isPending}>
            {say(texts.createList)}
          </Button>
        </div>
      </form>
    </section>
  );
}

function IssueForm({ lists, languages, defaultLanguage, groups, ageRanges }: { lists: GuestListView[]; languages: Locale[]; defaultLanguage: Locale; groups: Parameters<typeof issuableItems>[0]; ageRanges: string[] }) {
  const titleId = useId();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const timeZone = useStaffTimeZone();
  const offered = useMemo(() => issuableItems(groups), [groups]);
  const [form, setForm] = useState<GuestIssueForm>(() => emptyGuestForm(defaultLanguage, lists.length === 1 ? String(lists[0]!.id) : ''));
  const [problems, setProblems] = useState<Record<string, Shown>>({});
  const [tried, setTried] = useState(0);
  const issue = useStaffAction({
    run: (payload: Parameters<typeof staffCall<'guest-issue'>>[1]) => staffCall('guest-issue', payload),
    done: (answer) => {
      setForm((current) => ({ ...emptyGuestForm(current.language, current.listId), code: current.code }));
      setTried(0);
      return answer.message;
    },
    reload: RELOAD,
  });
  useFocusOnRefusal(formRef, tried, issue.errors);

  const item = offered.find((candidate) => candidate.code === form.code);
  const set = <K extends keyof GuestIssueForm>(key: K, value: GuestIssueForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const problemOf = (field: string): string | undefined => {
    const own = problems[field];
    return own ? say(own) : tried > 0 ? issue.fieldError(field) : undefined;
  };
  const besideFields = Object.keys(issue.errors).length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareGuestIssue(form, offered);
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      return;
    }
    setProblems({});
    issue.mutate(prepared.payload);
  };
  const invalid = (field: string) => (problemOf(field) ? { 'aria-invalid': true as const, className: 'staff-cat-field--invalid' } : {});

  return (
    <section className="card form-stack staff-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{say(texts.issueTitle)}</h2>
      <form ref={formRef} id="staff-guests-issue" className="form-stack staff-cat-edit" onSubmit={submit} noValidate>
        {issue.message && !besideFields && (
          <div className="alert alert--danger" role="alert">
            {issue.message}
          </div>
        )}
        <div className="staff-form-row">
          <Dropdown
            id={`${id}-list`}
            label={say(texts.list)}
            placeholder={say(texts.chooseList)}
            value={form.listId}
            onChange={(value) => set('listId', value)}
            options={lists.map((list) => ({ value: String(list.id), label: list.name }))}
            hint={problemOf('list_id')}
            {...invalid('list_id')}
          />
          <Dropdown
            id={`${id}-ticket`}
            label={say(texts.ticket)}
            placeholder={say(texts.chooseTicket)}
            value={form.code}
            onChange={(value) => setForm((current) => ({ ...current, code: value, age: '', departureId: '' }))}
            options={offered.map((candidate) => ({ value: candidate.code, label: candidate.left === null ? candidate.name : `${candidate.name} · ${staffTexts.boxOffice.left(candidate.left)}` }))}
            hint={problemOf('code')}
            {...invalid('code')}
          />
          <TextField
            id={`${id}-quantity`}
            label={say(texts.quantity)}
            value={form.quantity}
            onChange={(value) => set('quantity', value)}
            inputMode="numeric"
            autoComplete="off"
            hint={problemOf('quantity') ?? (item ? `1–${maxGuestUnits(item)}` : undefined)}
            {...invalid('quantity')}
          />
        </div>
        <div className="staff-form-row">
          <TextField id={`${id}-name`} label={say(texts.guestName)} value={form.fullName} onChange={(value) => set('fullName', value)} autoComplete="off" hint={problemOf('guest.full_name')} {...invalid('guest.full_name')} />
          <TextField
            id={`${id}-email`}
            type="email"
            inputMode="email"
            label={say(texts.guestEmail)}
            value={form.email}
            onChange={(value) => set('email', value)}
            autoComplete="off"
            hint={problemOf('guest.email') ?? say(texts.guestEmailHint)}
            {...invalid('guest.email')}
          />
          <Dropdown
            id={`${id}-language`}
            label={say(texts.language)}
            value={form.language}
            onChange={(value) => set('language', value)}
            options={languages.map((language) => ({ value: language, label: LOCALE_NAMES[language] }))}
            hint={problemOf('language')}
            {...invalid('language')}
          />
        </div>
        {(item?.needs.age || item?.needs.departure) && (
          <div className="staff-form-row">
            {item.needs.age && (
              <Dropdown
                id={`${id}-age`}
                label={say(texts.age)}
                placeholder={say(texts.chooseAge)}
                value={form.age}
                onChange={(value) => set('age', value)}
                options={ageRanges.map((age) => ({ value: age, label: age }))}
                hint={problemOf('guest.age')}
                {...invalid('guest.age')}
              />
            )}
            {item.needs.departure && (
              <Dropdown
                id={`${id}-departure`}
                label={say(texts.departure)}
                placeholder={say(texts.chooseDeparture)}
                value={form.departureId}
                onChange={(value) => set('departureId', value)}
                options={item.departures.map((departure) => ({ value: String(departure.id), label: staffTexts.boxOffice.seatsLeft(formatStaffTime(departure.departs_at, timeZone, 'day-time'), departure.left), disabled: departure.left === 0 }))}
                hint={problemOf('departure_id')}
                {...invalid('departure_id')}
              />
            )}
          </div>
        )}
        <TextField id={`${id}-reason`} label={say(texts.reason)} value={form.reason} onChange={(value) => set('reason', value)} autoComplete="off" hint={problemOf('reason') ?? say(texts.reasonHint)} {...invalid('reason')} />
        <div className="button-row">
          <Button type="submit" loading={issue.isPending}>
            {say(texts.issue)}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A list's new name, in a dialog (admins). */
function RenameDialog({ list, onClose }: { list: GuestListView; onClose: () => void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(list.name);
  const rename = useStaffAction({
    run: (newName: string) => staffCall('guest-list-save', { id: list.id, name: newName }),
    done: (answer) => {
      onClose();
      return answer.message;
    },
    reload: RELOAD,
  });
  const problem = rename.fieldError('name');
  return (
    <FormDialog
      id="staff-guests-rename"
      formId={formId}
      formRef={formRef}
      title={texts.renameTitle(list.name)}
      labels={texts}
      pending={rename.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(name);
      }}
      refusal={problem ? null : rename.message}
    >
      <TextField
        label={say(texts.listName)}
        value={name}
        onChange={setName}
        autoComplete="off"
        hint={problem ?? say(texts.listNameHint)}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    </FormDialog>
  );
}

function ListSection({ list, admin }: { list: GuestListView; admin: boolean }) {
  const titleId = useId();
  const [renaming, setRenaming] = useState(false);
  const timeZone = useStaffTimeZone();
  const [cancelling, setCancelling] = useState<GuestTicketView | null>(null);
  const cancel = useStaffAction({
    run: (code: string) => staffCall('guest-cancel', { code }),
    done: (answer) => {
      setCancelling(null);
      return answer.message;
    },
    reload: RELOAD,
  });
  const print = useStaffAction({
    run: (orderCode: string) => staffCall('order-tickets-pdf', { code: orderCode }),
    done: (answer) => {
      downloadFile({ filename: answer.filename, media_type: answer.media_type, content: bytesOfBase64(answer.content) });
      return texts.printed(answer.tickets);
    },
  });
  const total = list.issued + list.cancelled;
  return (
    <section className="card staff-section staff-guests__list" aria-labelledby={titleId}>
      <div className="staff-guests__head">
        <h2 id={titleId}>{list.name}</h2>
        {admin && (
          <Button size="sm" variant="secondary" onClick={() => setRenaming(true)} aria-label={texts.renameLabel(list.name)}>
            {say(texts.rename)}
          </Button>
        )}
      </div>
      {renaming && <RenameDialog list={list} onClose={() => setRenaming(false)} />}
      <p role="status">{texts.counts(list.issued, list.cancelled)}</p>
      {print.message && (
        <div className="alert alert--danger" role="alert">
          {print.message}
        </div>
      )}
      {list.tickets.length === 0 ? (
        <p className="text-muted">{say(texts.empty)}</p>
      ) : (
        <>
          {total > list.tickets.length && <p className="text-muted">{texts.moreTickets(Math.min(GUEST_TICKETS_SHOWN, list.tickets.length), total)}</p>}
          <DataTable
            caption={texts.ticketsOf(list.name)}
            captionHidden
            stackOnNarrow
            rows={list.tickets}
            rowKey={(ticket) => ticket.code}
            columns={[
              { key: 'holder', header: say(texts.holder), cell: (ticket) => (
                  <>
                    {ticket.holder}
                    <br />
                    <span className="text-muted">{ticket.email ?? say(texts.noEmail)}</span>
                  </>
                ) },
              { key: 'product', header: say(texts.product), cell: (ticket) => ticket.product },
              { key: 'reason', header: say(texts.reasonColumn), cell: (ticket) => ticket.reason },
              { key: 'issued', header: say(texts.issuedAt), cell: (ticket) => <time dateTime={ticket.issued_at}>{formatStaffTime(ticket.issued_at, timeZone, 'date-time')}</time> },
              { key: 'status', header: say(texts.status), cell: (ticket) => <Badge tone={STATUS_TONES[ticket.status] ?? 'neutral'}>{texts.statuses[ticket.status] ? say(texts.statuses[ticket.status]!) : ticket.status}</Badge> },
            ]}
            actions={(ticket) => (
              <div className="button-row">
                {ticket.status === 'active' && (
                  <Button size="sm" variant="secondary" loading={print.isPending && print.variables === ticket.order_code} onClick={() => print.mutate(ticket.order_code)} aria-label={texts.printLabel(ticket.holder ?? ticket.code)}>
                    {say(texts.print)}
                  </Button>
                )}
                {ticket.status === 'active' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      cancel.clearMessage();
                      setCancelling(ticket);
                    }}
                    aria-label={texts.cancelLabel(ticket.holder ?? ticket.code)}
                  >
                    {say(texts.cancel)}
                  </Button>
                )}
              </div>
            )}
          />
        </>
      )}
      {cancelling && (
        <ConfirmModal open title={say(texts.cancelTitle)} confirmLabel={say(texts.cancelConfirm)} cancelLabel={say(texts.keep)} confirmVariant="danger" busy={cancel.isPending} onCancel={() => setCancelling(null)} onConfirm={() => cancel.mutate(cancelling.code)}>
          {cancel.message && (
            <div className="alert alert--danger" role="alert">
              {cancel.message}
            </div>
          )}
          <p>{texts.cancelQuestion(cancelling.holder ?? '', cancelling.product)}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
