import {
  catalogueChangeSeatsPayload,
  catalogueUploadPayload,
  EVENT_TEXT_FIELDS,
  ITEM_TEXT_FIELDS,
  staffCatalogueMessages,
  type CatalogueEventChanges,
  type CatalogueEventView,
  type EventDefinitionInput,
  type CatalogueItemChanges,
  type CatalogueItemView,
  type CatalogueOverviewAnswer,
  type CatalogueUploadAnswer,
  type CatalogueDiff,
  type Shown,
  type StaffApiAnswer,
  type Text,
  issueText,
  staffVariantMessages,
} from '@festival/contract';
import { CATALOGUE_OVERVIEW_KEY, OPENING_FRESH_MS } from '../opening-page';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { FormDialog } from '../FormDialog';
import { QuestionsEditor } from '../catalogue/QuestionsEditor';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { Loading } from '../../components/ui/Loading';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { Dropdown } from '../../components/ui/Dropdown';
import type { StaffCallInput } from '../../lib/staff-call';
import { staffCall } from '../api';
import {
  changedHereWords,
  changesIn,
  countOf,
  diffNotListed,
  diffRows,
  diffValueWords,
  formatInZone,
  FORM_FIELDS,
  itemFormOf,
  keptFieldWords,
  keptValueWords,
  linesOfFile,
  prepareEventChanges,
  prepareItemChanges,
  problemSentence,
  saleLabel,
  saleStateOf,
  serverFieldProblems,
  uploadLimitWords,
  uploadTooLarge,
  type FieldProblems,
  type ItemForm,
  type PlanRow,
} from '../catalogue-page';
import { stockShares } from '../dashboard-figures';
import { downloadFile } from '../download-file';
import { LoadFailed } from '../LoadStates';
import { formatAmount, staffLocale } from '../money';
import { staffTexts } from '../texts';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { duplicateFormOf, emptyEventForm, eventFormFieldOf, eventProblemSentence, prepareEvent, prepareEventSettings, settingsFormOf, type EventForm } from '../event-form';
import { useStaffAction } from '../use-staff-action';
import { StockLegend } from '../StockLegend';
import { useItemTools } from '../catalogue/ItemForm';
import { itemFormTexts } from '../catalogue/item-form';
import { ItemImagesFieldset } from '../ItemImagesFieldset';
import { COLLAPSE_ABOVE, countsOf, type GroupCounts, groupItems, isFiltering, isGroupOpen, kindChoices, matchesFilter, NO_FILTER, type CatalogueFilter, type StateFilter } from '../catalogue-groups';
import { say } from '../../lib/say';
import { AddVariant } from '../catalogue/VariantForm';
import { TiersFieldset } from '../catalogue/TiersFieldset';
import { tierFieldNames } from '../catalogue/tiers-fieldset';
import { TextsFieldset, useLanguageOfRefusal, useTextsForm } from '../catalogue/TextsFieldset';
import { RequiresFieldset, requirableProducts } from '../catalogue/RequiresFieldset';
import { groupedMerchandise, takesVariants, variantTexts } from '../catalogue/variant-form';

type Overview = CatalogueOverviewAnswer;
type Item = CatalogueItemView;
type EventView = Overview['events'][number];
type Departure = Item['departures'][number];
type ItemAnswer = StaffApiAnswer<'catalogue-change-item'>;
type EventAnswer = StaffApiAnswer<'catalogue-change-event'>;
type UploadInput = StaffCallInput<'catalogue-upload'>;

const OVERVIEW_KEY = CATALOGUE_OVERVIEW_KEY;
// What a change here alters on the other pages: they load it afresh when next opened.
const RELOAD = [['staff-audit'], ['dashboard'], ['box-office-items']] as const;
const texts = staffTexts.catalogue;
const eventTexts = staffTexts.catalogueEvents;
const uploadTexts = texts.upload;
const groupTexts = staffTexts.catalogueGroups;

/** The shop's own time zone (merchandise has no event to take one from). */
const shopTimeZone = (overview: Overview): string => overview.timezone;

/** The id of an item's Edit button (codes are letters, digits, dashes and underscores). */
const editButtonId = (code: string) => `staff-cat-edit-${code}`;
/** The id of an event's heading. */
const eventHeadingId = (code: string) => `staff-cat-event-${code}`;

/** An item's clocks: its event's time zone, or the shop's for merchandise. */
function zoneOf(item: Item, overview: Overview): string {
  return overview.events.find((event) => event.code === item.event)?.timezone ?? shopTimeZone(overview);
}

/**
 * The catalogue (issue 22 point 6): events with their products, then merchandise, each with its
 * price, stock, sale and departures; an admin edits an item's fields and a departure's seats with
 * the catalogue file's own rules, hands an item back to the file, and checks or imports a whole
 * catalogue file, reading its problems by line and field.
 */
export default function CataloguePage() {
  const client = useQueryClient();
  // Read at most OPENING_FRESH_MS ago (the opening's call, when the back office was opened here): not asked again.
  const overview = useQuery({ queryKey: OVERVIEW_KEY, queryFn: () => staffCall('catalogue-overview', {}), staleTime: OPENING_FRESH_MS });
  const [editing, setEditing] = useState<string | null>(null);
  // The tax rates an item may take (not archived), read when an item is edited.
  const taxRates = useQuery({ queryKey: ['rate-list'], queryFn: () => staffCall('rate-list', {}), enabled: editing !== null });
  const [editingEvent, setEditingEvent] = useState<string | null>(null);
  const [eventNotice, setEventNotice] = useState<{ code: string; text: string } | null>(null);
  const [handingBack, setHandingBack] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ code: string; text: string } | null>(null);
  // New products and merchandise, duplicates, on/off sale, archives and departures (decision 0103).
  const itemTools = useItemTools(overview.data, (code, text) => setNotice({ code, text }));
  const [seatsFor, setSeatsFor] = useState<number | null>(null);
  // An event whose settings are being changed (decision 0105).
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  // The groups and filter of a large catalogue (decision 0105): what the admin opened or closed, by group.
  const [filter, setFilter] = useState<CatalogueFilter>(NO_FILTER);
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const toggle = (key: string, open: boolean) => setToggled((current) => new Map(current).set(key, open));
  // A new filter opens the groups with its matches afresh.
  const changeFilter = (next: CatalogueFilter) => {
    setFilter(next);
    setToggled(new Map());
  };
  const focusAfterHandBack = useRef<string | null>(null);

  // The button that asked is gone with the marks: once the question has closed (and the page is no
  // longer inert behind it), the item's Edit button takes the focus instead of the page's body.
  useEffect(() => {
    if (handingBack || !focusAfterHandBack.current) return;
    document.getElementById(editButtonId(focusAfterHandBack.current))?.focus();
    focusAfterHandBack.current = null;
  }, [handingBack]);

  /** The shop's answer replaces the item on the page; its message is said beside it. */
  const settle = (answer: ItemAnswer) => {
    client.setQueryData<Overview>(OVERVIEW_KEY, (current) => current && { ...current, items: current.items.map((item) => (item.code === answer.item.code ? answer.item : item)) });
    setNotice({ code: answer.item.code, text: answer.message });
    return null;
  };
  const change = useStaffAction({
    run: (input: { code: string; changes: CatalogueItemChanges }) => staffCall('catalogue-change-item', input),
    done: (answer) => {
      setEditing(null);
      return settle(answer);
    },
    reload: RELOAD,
  });
  const changeEvent = useStaffAction({
    run: (input: { code: string; changes: CatalogueEventChanges }) => staffCall('catalogue-change-event', input),
    done: (answer: EventAnswer) => {
      setEditingEvent(null);
      setSettingsFor(null);
      client.setQueryData<Overview>(OVERVIEW_KEY, (current) => current && { ...current, events: current.events.map((event) => (event.code === answer.event.code ? answer.event : event)) });
      setEventNotice({ code: answer.event.code, text: answer.message });
      return null;
    },
    reload: RELOAD,
  });
  const handBack = useStaffAction({
    run: (code: string) => staffCall('catalogue-hand-back', { code }),
    done: (answer) => {
      focusAfterHandBack.current = answer.item.code;
      setHandingBack(null);
      return settle(answer);
    },
    reload: RELOAD,
  });
  const seats = useStaffAction({
    run: (input: { code: string; departure_id: number; seats: number | null }) => staffCall('catalogue-change-seats', input),
    done: settle,
    reload: RELOAD,
  });
  // null: no dialog; from null: a new event; from an event: its duplicate.
  const [creatingEvent, setCreatingEvent] = useState<{ from: CatalogueEventView | null } | null>(null);
  const createEvent = useStaffAction({
    run: (input: { event: EventDefinitionInput; from: string | null }) => staffCall('catalogue-create-event', input),
    done: (answer: EventAnswer) => {
      setCreatingEvent(null);
      client.setQueryData<Overview>(OVERVIEW_KEY, (current) => current && { ...current, events: [...current.events, answer.event] });
      setEventNotice({ code: answer.event.code, text: answer.message });
      return null;
    },
    reload: RELOAD,
  });
  const archiveEvent = useStaffAction({
    run: (input: { code: string; archived: boolean }) => staffCall('catalogue-archive-event', input),
    done: (answer: EventAnswer) => {
      client.setQueryData<Overview>(OVERVIEW_KEY, (current) => current && { ...current, events: current.events.map((event) => (event.code === answer.event.code ? answer.event : event)) });
      setEventNotice({ code: answer.event.code, text: answer.message });
      return null;
    },
    reload: RELOAD,
  });
  const openEventDialog = (from: CatalogueEventView | null) => {
    createEvent.clearMessage();
    createEvent.reset();
    setEventNotice(null);
    setCreatingEvent({ from });
  };

  if (overview.isPending)
    return (
      <Page title={say(texts.title)} lead={say(texts.lead)}>
        <Loading />
      </Page>
    );
  if (overview.isError)
    return (
      <Page title={say(texts.title)} lead={say(texts.lead)}>
        <LoadFailed error={overview.error} onRetry={() => void overview.refetch()} />
      </Page>
    );

  const data = overview.data;
  const money = (minor: number) => formatAmount(minor, data.currency);
  const groups = groupItems(data.items, data.events);
  const archivedEvents = new Set(data.events.filter((event) => event.archived).map((event) => event.code));
  const filtering = isFiltering(filter);
  const matches = (item: Item) => matchesFilter(item, filter, archivedEvents);
  const matchCount = filtering ? data.items.filter(matches).length : data.items.length;
  const orphansShown = filtering ? groups.orphans.filter(matches) : groups.orphans;
  // A group's variants follow it (decision 0104).
  const merchandiseShown = groupedMerchandise(filtering ? groups.merchandise.filter(matches) : groups.merchandise);
  // The groups that have variants: their stock is given on each variant.
  const variantGroups = new Set(data.items.flatMap((item) => (item.variant_of ? [item.variant_of] : [])));
  const shopZone = shopTimeZone(data);
  // Whether an item sells is judged at the moment of the answer (the page reads the shop as it was then).
  const now = overview.dataUpdatedAt;

  const itemCard = (item: Item) => (
    <ItemCard
      key={item.code}
      item={item}
      timeZone={zoneOf(item, data)}
      now={now}
      money={money}
      notice={notice?.code === item.code ? notice.text : null}
      hasVariants={variantGroups.has(item.code)}
      onEdit={() => {
        change.clearMessage();
        change.reset();
        setNotice(null);
        setEditing(item.code);
      }}
      onHandBack={() => {
        handBack.clearMessage();
        setNotice(null);
        setHandingBack(item.code);
      }}
      actions={itemTools.actionsFor(item)}
      seats={{
        busyFor: seats.isPending ? seatsFor : null,
        problemFor: seatsFor,
        message: seats.message,
        fieldError: seats.fieldError('seats'),
        submit: (departure, value) => {
          seats.clearMessage();
          setNotice(null);
          setSeatsFor(departure);
          seats.mutate({ code: item.code, departure_id: departure, seats: value });
        },
      }}
    />
  );

  const editItem = editing ? data.items.find((item) => item.code === editing) : undefined;
  const editEvent = editingEvent ? data.events.find((event) => event.code === editingEvent) : undefined;
  const settingsEvent = settingsFor ? data.events.find((event) => event.code === settingsFor) : undefined;
  const handBackItem = handingBack ? data.items.find((item) => item.code === handingBack) : undefined;

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)} className="staff-cat">
      <div className="button-row staff-cat-new-event">
        <Button id="staff-cat-new-event" onClick={() => openEventDialog(null)}>
          {say(eventTexts.create)}
        </Button>
        {itemTools.buttons}
      </div>
      {archiveEvent.message && (
        <div className="alert alert--danger" role="alert">
          {archiveEvent.message}
        </div>
      )}
      {data.items.length === 0 && data.events.length === 0 ? <p className="staff-cat-empty">{say(texts.empty)}</p> : <StockLegend labels={texts} className="staff-cat-legend" />}
      {data.items.length > 0 && <FilterBar filter={filter} onChange={changeFilter} choices={kindChoices(data.items)} matches={filtering ? matchCount : null} />}
      {data.items.length > COLLAPSE_ABOVE && <p className="text-muted staff-cat-collapsed-note">{groupTexts.collapsedNote(data.items.length)}</p>}
      {data.events.map((event) => {
        const all = groups.byEvent.get(event.code) ?? [];
        const items = filtering ? all.filter(matches) : all;
        // While filtering, a group without matches is left out, unless its event is what was looked for.
        const eventFound = filtering && filter.text.trim() !== '' && filter.kind === 'all' && filter.state === 'all' && `${event.code} ${event.name}`.toLocaleLowerCase().includes(filter.text.trim().toLocaleLowerCase());
        if (filtering && items.length === 0 && !eventFound) return null;
        const changed = changedHereWords(event);
        const open = isGroupOpen(event.code, toggled, filtering, items.length, data.items.length);
        return (
          <CatalogueGroup
            key={event.code}
            id={eventHeadingId(event.code)}
            title={event.name}
            counts={countsOf(all)}
            open={open}
            onToggle={() => toggle(event.code, !open)}
            facts={
              <>
                {texts.eventFacts(event.code, event.timezone)}
                {event.starts_at && ` · ${texts.starts(formatInZone(event.starts_at, event.timezone, staffLocale()))}`}
                {event.ends_at && `${event.starts_at ? ', ' : ' · '}${texts.ends(formatInZone(event.ends_at, event.timezone, staffLocale()))}`}
                {event.venue && ` · ${event.venue}`}
              </>
            }
            actions={
              <>
                {event.archived && <Badge tone="neutral">{say(eventTexts.archived)}</Badge>}
                {changed && <Badge tone="info">{texts.changedFields(changed)}</Badge>}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    changeEvent.clearMessage();
                    changeEvent.reset();
                    setEventNotice(null);
                    setEditingEvent(event.code);
                  }}
                  aria-label={texts.editTextsLabel(event.name)}
                >
                  {say(texts.editTexts)}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    changeEvent.clearMessage();
                    changeEvent.reset();
                    setEventNotice(null);
                    setSettingsFor(event.code);
                  }}
                  aria-label={eventTexts.settingsLabel(event.name)}
                >
                  {say(eventTexts.settings)}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => openEventDialog(event)} aria-label={eventTexts.duplicateLabel(event.name)}>
                  {say(eventTexts.duplicate)}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={archiveEvent.isPending && archiveEvent.variables?.code === event.code}
                  onClick={() => {
                    archiveEvent.clearMessage();
                    setEventNotice(null);
                    archiveEvent.mutate({ code: event.code, archived: !event.archived });
                  }}
                  aria-label={event.archived ? eventTexts.restoreLabel(event.name) : eventTexts.archiveLabel(event.name)}
                >
                  {say(event.archived ? eventTexts.restore : eventTexts.archive)}
                </Button>
              </>
            }
            status={eventNotice?.code === event.code ? eventNotice.text : null}
          >
            {items.length === 0 ? <p className="text-muted">{say(texts.noItems)}</p> : <div className="staff-cat-items">{items.map(itemCard)}</div>}
          </CatalogueGroup>
        );
      })}
      {orphansShown.length > 0 && (
        <CatalogueGroup
          id="staff-cat-orphans"
          title={say(texts.otherProducts)}
          counts={countsOf(groups.orphans)}
          open={isGroupOpen('staff-cat-orphans', toggled, filtering, orphansShown.length, data.items.length)}
          onToggle={() => toggle('staff-cat-orphans', !isGroupOpen('staff-cat-orphans', toggled, filtering, orphansShown.length, data.items.length))}
        >
          <div className="staff-cat-items">{orphansShown.map(itemCard)}</div>
        </CatalogueGroup>
      )}
      {merchandiseShown.length > 0 && (
        <CatalogueGroup
          id="staff-cat-merchandise"
          title={say(texts.merchandiseTitle)}
          counts={countsOf(groups.merchandise)}
          facts={texts.merchandiseFacts(shopZone)}
          open={isGroupOpen('staff-cat-merchandise', toggled, filtering, merchandiseShown.length, data.items.length)}
          onToggle={() => toggle('staff-cat-merchandise', !isGroupOpen('staff-cat-merchandise', toggled, filtering, merchandiseShown.length, data.items.length))}
        >
          <div className="staff-cat-items">{merchandiseShown.map(itemCard)}</div>
        </CatalogueGroup>
      )}

      <DownloadSection />

      <UploadSection
        money={money}
        zoneOfCode={(code) => {
          const found = data.items.find((entry) => entry.code === code);
          return found ? zoneOf(found, data) : shopZone;
        }}
        onImported={() => void client.invalidateQueries({ queryKey: OVERVIEW_KEY })}
      />

      {editItem && (
        <EditDialog
          item={editItem}
          currency={data.currency}
          timeZone={zoneOf(editItem, data)}
          requirable={editItem.kind === 'product' ? requirableProducts(data.items, editItem, editItem.requires ?? []) : null}
          taxes={(taxRates.data?.tax_rates ?? []).filter((rate) => !rate.archived || rate.code === editItem.tax).map((rate) => ({ value: rate.code, label: `${rate.name} (${rate.code})` }))}
          events={data.events.filter((event) => !event.archived || event.code === editItem.event).map((event) => ({ value: event.code, label: `${event.name} (${event.code})` }))}
          action={change}
          onSave={(changes) => change.mutate({ code: editItem.code, changes })}
          onClose={() => setEditing(null)}
          hasVariants={variantGroups.has(editItem.code)}
        />
      )}
      {itemTools.dialogs}
      {creatingEvent && (
        <EventDialog
          from={creatingEvent.from}
          shopZone={shopZone}
          action={createEvent}
          onSave={(event) => createEvent.mutate({ event, from: creatingEvent.from?.code ?? null })}
          onClose={() => setCreatingEvent(null)}
        />
      )}
      {settingsEvent && (
        <EventDialog
          from={null}
          editing={settingsEvent}
          shopZone={shopZone}
          action={changeEvent}
          onSave={() => undefined}
          onSaveSettings={(changes) => changeEvent.mutate({ code: settingsEvent.code, changes })}
          onClose={() => setSettingsFor(null)}
        />
      )}
      {editEvent && (
        <EventTextsDialog
          event={editEvent}
          currency={data.currency}
          action={changeEvent}
          onSave={(changes) => changeEvent.mutate({ code: editEvent.code, changes })}
          onClose={() => setEditingEvent(null)}
        />
      )}
      {handBackItem && (
        <ConfirmModal
          open
          title={texts.handBackTitle(handBackItem.name)}
          confirmLabel={say(texts.handBackConfirm)}
          cancelLabel={say(texts.keep)}
          confirmVariant="danger"
          busy={handBack.isPending}
          onCancel={() => setHandingBack(null)}
          onConfirm={() => handBack.mutate(handBackItem.code)}
        >
          <Refusal message={handBack.message} />
          <p>{say(texts.handBackQuestion)}</p>
        </ConfirmModal>
      )}
    </Page>
  );
}

/**
 * One group of the catalogue (an event, the products of no known event, merchandise): its heading
 * is the button that opens and closes it, its counts beside it; a closed group renders none of its
 * items (decision 0105: 2,000 cards at once cost the page seconds).
 */
function CatalogueGroup({
  id,
  title,
  counts,
  facts,
  actions,
  status,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  counts: GroupCounts;
  facts?: ReactNode;
  actions?: ReactNode;
  status?: string | null;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const bodyId = `${id}-items`;
  return (
    <section className={`staff-section staff-cat-group${open ? '' : ' staff-cat-group--closed'}`} aria-labelledby={id}>
      <h2 className="staff-cat-group__title">
        <button type="button" id={id} className="staff-cat-group__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {title}
        </button>
      </h2>
      <p className="staff-cat-group__counts">{groupTexts.counts(counts.items, counts.onSale, counts.sold)}</p>
      {facts && <p className="staff-cat-group__facts">{facts}</p>}
      {actions && <div className="button-row staff-cat-group__actions">{actions}</div>}
      {status !== undefined && (
        <div role="status" className="staff-cat-group__status">
          {status && <p className="alert alert--success">{status}</p>}
        </div>
      )}
      <div id={bodyId} hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}

/** The filter of a large catalogue: text on code and name, a kind or type, a state; the count of matches said politely. */
function FilterBar({ filter, onChange, choices, matches }: { filter: CatalogueFilter; onChange: (filter: CatalogueFilter) => void; choices: { products: string[]; merchandise: string[] }; matches: number | null }) {
  const id = useId();
  return (
    <fieldset className="fieldset staff-cat-filter">
      <legend>{say(groupTexts.filterLegend)}</legend>
      <div className="staff-form-row">
        <TextField id={`${id}-text`} type="search" label={say(groupTexts.text)} value={filter.text} onChange={(text) => onChange({ ...filter, text })} autoComplete="off" spellCheck={false} />
        <Dropdown
          id={`${id}-kind`}
          label={say(groupTexts.kind)}
          value={filter.kind}
          onChange={(kind) => onChange({ ...filter, kind })}
          options={[
            { value: 'all', label: say(groupTexts.allKinds) },
            { value: 'kind:product', label: say(groupTexts.products) },
            ...choices.products.map((type) => ({ value: `type:${type}`, label: groupTexts.productType(type.replace(/_/g, ' ')) })),
            { value: 'kind:merchandise', label: say(groupTexts.merchandise) },
            ...choices.merchandise.map((type) => ({ value: `type:${type}`, label: groupTexts.merchandiseType(type.replace(/_/g, ' ')) })),
          ]}
        />
        <Dropdown
          id={`${id}-state`}
          label={say(groupTexts.state)}
          value={filter.state}
          onChange={(state) => onChange({ ...filter, state: state as StateFilter })}
          options={[
            { value: 'all', label: say(groupTexts.anyState) },
            { value: 'on_sale', label: say(groupTexts.onSale) },
            { value: 'off_sale', label: say(groupTexts.offSale) },
            { value: 'archived', label: say(groupTexts.archived) },
          ]}
        />
      </div>
      <div className="button-row staff-cat-filter__end">
        <p role="status" className="staff-cat-filter__matches">
          {matches !== null && groupTexts.matches(matches)}
        </p>
        {matches !== null && (
          <Button size="sm" variant="secondary" onClick={() => onChange(NO_FILTER)}>
            {say(groupTexts.clear)}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/** The shop's refusal where the admin acted. */
function Refusal({ message }: { message: string | null }) {
  return message ? (
    <div className="alert alert--danger" role="alert">
      {message}
    </div>
  ) : null;
}


type SeatsControl = {
  busyFor: number | null;
  problemFor: number | null;
  message: string | null;
  fieldError: string | undefined;
  submit: (departure: number, seats: number | null) => void;
};

function ItemCard({
  item,
  timeZone,
  now,
  money,
  notice,
  onEdit,
  onHandBack,
  actions,
  seats,
  hasVariants = false,
}: {
  item: Item;
  timeZone: string;
  now: number;
  money: (minor: number) => string;
  notice: string | null;
  onEdit: () => void;
  onHandBack: () => void;
  /** The item's actions of the new-item tools (ItemForm.tsx): on/off sale, duplicate, departures, archive. */
  actions?: ReactNode;
  seats: SeatsControl;
  /** A merchandise group with variants: its stock is theirs (decision 0104). */
  hasVariants?: boolean;
}) {
  const titleId = useId();
  const sale = saleStateOf(item, now);
  // An item made here came from no file: its changes are its own, with no file to hand them back to.
  const madeHere = item.origin === 'browser';
  const changed = madeHere ? null : changedHereWords(item);
  const shares = stockShares(item);
  const transport = item.departures.length > 0;
  return (
    <article className={`card staff-cat-item${transport ? ' staff-cat-item--wide' : ''}`} aria-labelledby={titleId}>
      <div className="staff-cat-item__head">
        <h3 id={titleId}>{item.name}</h3>
        <p className="staff-cat-item__badges">
          <Badge tone={sale.state === 'selling' ? 'success' : sale.state === 'off' ? 'neutral' : 'info'}>{saleLabel(sale, timeZone, staffLocale())}</Badge>
          {item.available === 0 && <Badge tone="danger">{say(texts.soldOut)}</Badge>}
          {changed && <Badge tone="info">{texts.changedFields(changed)}</Badge>}
          {madeHere && <Badge tone="neutral">{say(texts.madeHere)}</Badge>}
          {item.variant_of && <Badge tone="neutral">{say(variantTexts.variantOf({ group: item.variant_of, label: item.variant_label ?? '' }))}</Badge>}
        </p>
      </div>
      <dl className="staff-cat-item__facts">
        <Fact label={say(texts.code)}>
          <code>{item.code}</code>
        </Fact>
        <Fact label={say(texts.type)}>{item.type.replace(/_/g, ' ')}</Fact>
        <Fact label={say(texts.price)}>{item.fee > 0 ? texts.priceAndFee(money(item.price), money(item.fee)) : money(item.price)}</Fact>
        <Fact label={say(texts.limit)}>{item.limit_per_order === 0 ? say(texts.noLimit) : item.limit_per_order}</Fact>
        {item.tiers && (
          <Fact wide label={say(texts.tiers.legend)}>
            {[
              ...item.tiers.map((tier) => (tier.until !== undefined ? texts.tiers.factUntil(money(tier.price), formatInZone(tier.until, timeZone, staffLocale())) : texts.tiers.factUnits(money(tier.price), tier.units ?? 0))),
              texts.tiers.factThen(money(item.price)),
            ].join(' · ')}
          </Fact>
        )}
        {item.travel_time && (
          <Fact label={say(texts.departure)}>
            <time dateTime={item.travel_time}>{formatInZone(item.travel_time, timeZone, staffLocale())}</time>
          </Fact>
        )}
        {item.requires && (
          <Fact wide label={say(variantTexts.requires)}>
            {item.requires.join(', ')}
          </Fact>
        )}
        {item.payment_plan && (
          <Fact wide label={say(texts.plan)}>
            {item.payment_plan.map((part) => money(part.amount)).join(' + ')}
          </Fact>
        )}
      </dl>
      <div className="staff-cat-item__stock">
        {item.stock !== null && (
          <div className="staff-dash-stock__bar staff-cat-item__bar" aria-hidden="true">
            <span className="staff-dash-swatch--sold" style={{ width: `${shares.sold}%` }} />
            <span className="staff-dash-swatch--held" style={{ width: `${shares.held}%` }} />
            <span className="staff-dash-swatch--left" style={{ width: `${shares.available}%` }} />
          </div>
        )}
        <dl className="staff-cat-item__figures">
          <Fact label={say(texts.stock)}>{hasVariants ? say(texts.perVariant) : item.stock === null ? say(texts.unlimited) : item.stock}</Fact>
          <Fact label={say(texts.sold)}>{item.sold}</Fact>
          <Fact label={say(texts.held)}>{item.held}</Fact>
          <Fact label={say(texts.available)}>{hasVariants ? say(texts.perVariant) : item.available === null ? say(texts.unlimited) : item.available}</Fact>
        </dl>
      </div>
      {transport && <Departures item={item} timeZone={timeZone} seats={seats} />}
      {item.kind === 'product' && <QuestionsEditor product={item.code} madeHere={madeHere} />}
      <div role="status" className="staff-cat-item__status">
        {notice && <p className="alert alert--success">{notice}</p>}
      </div>
      <div className="button-row staff-cat-item__actions">
        <Button id={editButtonId(item.code)} size="sm" variant="secondary" onClick={onEdit} aria-label={texts.editLabel(item.name)}>
          {say(texts.edit)}
        </Button>
        {changed && (
          <Button size="sm" variant="secondary" onClick={onHandBack} aria-label={texts.handBackLabel(item.name)}>
            {say(texts.handBack)}
          </Button>
        )}
        {actions}
        {takesVariants(item) && <AddVariant group={item} />}
      </div>
    </article>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'staff-cat-fact staff-cat-fact--wide' : 'staff-cat-fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A transport's departures with their seats, each with its own control to change them. */
function Departures({ item, timeZone, seats }: { item: Item; timeZone: string; seats: SeatsControl }) {
  const time = (departure: Departure) => formatInZone(departure.departs_at, timeZone, staffLocale());
  const selectable = item.travel_time_type === 'selectable';
  return (
    <>
      <h4 className="staff-cat-departures-title">{say(texts.departuresTitle)}</h4>
      <DataTable
        caption={texts.departuresCaption(item.name)}
        captionHidden
        className="staff-cat-departures"
        stackOnNarrow
        rows={item.departures}
        rowKey={(departure) => departure.id}
        columns={[
          {
            key: 'time',
            header: say(texts.departure),
            cell: (departure) => (
              <span className="staff-cat-departure">
                <time dateTime={departure.departs_at}>{time(departure)}</time>
                {!departure.active && <Badge tone="neutral">{say(texts.inactive)}</Badge>}
                {departure.changed_here && <Badge tone="info">{say(texts.changedHere)}</Badge>}
              </span>
            ),
          },
          { key: 'seats', header: say(texts.seats), cell: (departure) => (departure.seats === null ? say(texts.notCounted) : departure.seats), align: 'end' },
          { key: 'sold', header: say(texts.sold), cell: (departure) => departure.sold, align: 'end' },
          { key: 'held', header: say(texts.held), cell: (departure) => departure.held, align: 'end' },
          { key: 'left', header: say(texts.left), cell: (departure) => (departure.seats === null ? '–' : Math.max(0, departure.seats - departure.sold - departure.held)), align: 'end' },
        ]}
        actionsHeader={say(texts.changeSeats)}
        actions={
          // Seats are changed on a selectable transport's departures; a fixed one's seats are its stock.
          selectable
            ? (departure) => (
                <SeatsForm
                  key={departure.id}
                  item={item}
                  departure={departure}
                  time={time(departure)}
                  busy={seats.busyFor === departure.id}
                  problem={seats.problemFor === departure.id ? (seats.fieldError ?? seats.message) : null}
                  onSubmit={(value) => seats.submit(departure.id, value)}
                />
              )
            : undefined
        }
      />
      {selectable && <p className="field__hint staff-cat-seats-hint">{say(texts.seatsHint)}</p>}
    </>
  );
}

function SeatsForm({
  item,
  departure,
  time,
  busy,
  problem,
  onSubmit,
}: {
  item: Item;
  departure: Departure;
  time: string;
  busy: boolean;
  problem: string | null;
  onSubmit: (seats: number | null) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(departure.seats === null ? '' : String(departure.seats));
  // The shop's answer sets the field to the seats as they now are (the form stays, and so does the focus on its button).
  const [shownSeats, setShownSeats] = useState(departure.seats);
  if (shownSeats !== departure.seats) {
    setShownSeats(departure.seats);
    setValue(departure.seats === null ? '' : String(departure.seats));
  }
  const [local, setLocal] = useState<Shown | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const seats = value.trim() === '' ? null : countOf(value);
    const checked = catalogueChangeSeatsPayload.safeParse({ code: item.code, departure_id: departure.id, seats });
    if (!checked.success) {
      setLocal(problemSentence('seats', checked.error.issues[0] ? issueText(checked.error.issues[0]) : '', 'EUR', texts.fieldNamesInSentences));
      return;
    }
    if (seats === departure.seats) {
      setLocal(staffCatalogueMessages.nothingToChange);
      return;
    }
    setLocal(null);
    onSubmit(seats);
  };
  const shown = local ?? (problem ? problemSentence('seats', problem, 'EUR', texts.fieldNamesInSentences) : null);
  return (
    // The button stays enabled while the shop answers (a disabled button would drop the focus): the form says it is busy.
    <form className="staff-cat-seats" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <label htmlFor={id} className="visually-hidden">
        {texts.seatsLabel(time)}
      </label>
      <input
        id={id}
        className="field__control staff-cat-seats__input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setLocal(null);
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-problem` : undefined}
      />
      <Button type="submit" size="sm" variant="secondary" aria-label={texts.changeSeatsLabel(time)}>
        {say(texts.changeSeats)}
      </Button>
      {shown && (
        <p id={`${id}-problem`} className="staff-cat-seats__problem" role="alert">
          {say(shown)}
        </p>
      )}
    </form>
  );
}

type EditAction = { isPending: boolean; message: string | null; errors: Record<string, string[]> };

/** The edit form of one item: what the catalogue file says of it, the fields an admin may change here. */
function EditDialog({
  item,
  currency,
  timeZone,
  requirable,
  taxes,
  events,
  action,
  onSave,
  onClose,
  hasVariants = false,
}: {
  item: Item;
  currency: string;
  timeZone: string;
  /** The products a product may require (decision 0104); null for merchandise. */
  requirable: readonly { code: string; name: string }[] | null;
  /** The tax rates it may take: the shop's not archived, and its own. */
  taxes: { value: string; label: string }[];
  /** The events a product may move to: the shop's not archived, and its own. */
  events: { value: string; label: string }[];
  action: EditAction;
  onSave: (changes: CatalogueItemChanges) => void;
  onClose: () => void;
  /** A merchandise group with variants: its stock is given on each of them (decision 0104), not here. */
  hasVariants?: boolean;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<ItemForm>(() => itemFormOf(item, currency, timeZone));
  const [problems, setProblems] = useState<FieldProblems>({});
  // The name and description per language of the shop (decision 0094): one language's fields at a time.
  const textsForm = useTextsForm(item, setProblems);
  const [tried, setTried] = useState(0);
  // The shop's field errors are this form's only once it has been sent (the action keeps those of an earlier form).
  const server = tried > 0 ? serverFieldProblems(action.errors) : {};
  useFocusOnRefusal(formRef, tried, action.errors);
  useLanguageOfRefusal(textsForm, formRef, action.errors, Object.keys(server));

  const set = <K extends keyof ItemForm>(key: K, value: ItemForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setProblems((current) => {
      const field = FORM_FIELDS[key];
      // A tier's problems are by its fields (tiers.0.price): a change of the tiers clears them all.
      const mine = (name: string) => name === field || name === '_' || name.startsWith(`${field}.`);
      if (!Object.keys(current).some(mine)) return current;
      return Object.fromEntries(Object.entries(current).filter(([name]) => !mine(name)));
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareItemChanges(item, form, currency, timeZone, { form: textsForm.form, languages: textsForm.languages });
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      textsForm.showLanguageOf(Object.keys(prepared.problems));
      return;
    }
    setProblems({});
    onSave(prepared.changes);
  };

  const labels: Record<string, Shown> = {
    price: texts.moneyField(say(texts.price), currency),
    fee: texts.moneyField(say(texts.fee), currency),
    stock: texts.stockField,
    on_sale: texts.onSale,
    on_sale_from: texts.saleFrom(timeZone),
    on_sale_until: texts.saleUntil(timeZone),
    limit_per_order: texts.limitField,
    'refund.refundable': texts.refundable,
    'refund.fee': texts.moneyField(say(texts.refundFee), currency),
    'refund.from': texts.refundFrom(timeZone),
    'refund.until': texts.refundUntil(timeZone),
    'name_changes.allowed': texts.namesAllowed,
    'name_changes.until': texts.namesUntil(timeZone),
    'name_changes.limit': texts.namesLimit,
    email_changes: texts.emailChanges,
    days: texts.daysField,
    'transport.travel_time': texts.travelTimeField(timeZone),
    'transport.changes_until': texts.changesUntilField(timeZone),
    ...textsForm.labels,
  };
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? say(problemSentence(field, problem, currency, { ...texts.fieldNamesInSentences, ...tierFieldNames(form.tiers.length) })) : undefined;
  };
  const text = (key: keyof ItemForm, extra: { hint?: string; type?: string; inputMode?: 'decimal' | 'numeric'; disabled?: boolean } = {}) => {
    const field = FORM_FIELDS[key];
    const problem = problemOf(field);
    return (
      <TextField
        label={say(labels[field] ?? field)}
        value={form[key] as string}
        onChange={(value) => set(key, value as never)}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        disabled={extra.disabled}
        autoComplete="off"
        hint={problem ?? extra.hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const check = (key: keyof ItemForm, label: Text, hint?: string) => {
    const field = FORM_FIELDS[key];
    const problem = key === 'stockUnlimited' ? undefined : problemOf(field);
    return <CheckField id={`${formId}-${key}`} label={say(label)} checked={form[key] as boolean} onChange={(on) => set(key, on as never)} hint={problem ?? hint} invalid={!!problem} />;
  };
  const whole = problems._ ?? server._;
  const taken = item.sold + item.held;
  const variant = Boolean(item.variant_of);
  // The required products' problem, by the list or by one of its codes (requires.2).
  const requiresKey = [...Object.keys(problems), ...Object.keys(server)].find((field) => field === 'requires' || field.startsWith('requires.'));
  const requiresShown = requiresKey ? say(problems[requiresKey] ?? server[requiresKey]!) : undefined;
  const requiresProblem = requiresShown === undefined ? undefined : /[.!?。]$/.test(requiresShown.trim()) ? requiresShown : say(texts.requiresProblem(requiresShown));
  return (
    <FormDialog
      id="staff-cat-edit"
      formId={formId}
      formRef={formRef}
      title={texts.editTitle(item.name)}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={action.message}
      problem={whole}
    >
        <p className="text-muted">{texts.editLead(item.code)}</p>
        {/* The type makes what the shop does with an item (entry, transport, add-on): never changed, a new item instead. */}
        <p className="text-muted">{texts.typeFixed(item.type)}</p>
        {/* A variant takes its name, price and the rest from its group (decision 0104): only its stock and sale are its own. */}
        {variant ? (
          <p className="text-muted">{say(staffCatalogueMessages.variantShared)}</p>
        ) : (
          <>
            <TextsFieldset formId={formId} texts={textsForm} fields={ITEM_TEXT_FIELDS} legend={texts.textsLegend} defaultHint={texts.textsDefault} problemOf={problemOf} />
            <ItemImagesFieldset name={item.name} images={form.images} onChange={(images) => set('images', images)} problem={problemOf('images')} />
            <div className="staff-form-row">
              {text('price', { inputMode: 'decimal', hint: say(item.payment_plan ? texts.planNote : form.tiers.length ? texts.tiers.priceAfter : texts.moneyHint) })}
              {text('fee', { inputMode: 'decimal', hint: say(texts.moneyHint) })}
              {text('limitPerOrder', { inputMode: 'numeric', hint: say(texts.limitHint) })}
            </div>
            <TiersFieldset formId={formId} rows={form.tiers} onChange={(rows) => set('tiers', rows)} currency={currency} timeZone={timeZone} plan={item.payment_plan !== null} problemOf={problemOf} />
          </>
        )}
        {hasVariants ? (
          <p className="text-muted">{say(staffVariantMessages.groupStock)}</p>
        ) : (
          <div className="staff-form-row staff-cat-edit__stock">
            {text('stock', { inputMode: 'numeric', disabled: form.stockUnlimited, hint: texts.stockHint(taken) })}
            {check('stockUnlimited', texts.stockUnlimited)}
          </div>
        )}
        {check('onSale', texts.onSale)}
        {!variant && (
          <>
            <div className="staff-form-row">
              {text('onSaleFrom', { type: 'datetime-local', hint: say(texts.openEnd) })}
              {text('onSaleUntil', { type: 'datetime-local', hint: say(texts.openEnd) })}
            </div>
            <fieldset className="fieldset staff-cat-edit__group">
              <legend>{say(texts.refundLegend)}</legend>
              {check('refundable', texts.refundable)}
              <div className="staff-form-row">
                {text('refundFee', { inputMode: 'decimal', hint: say(texts.moneyHint) })}
                {text('refundFrom', { type: 'datetime-local', hint: say(texts.openEnd) })}
                {text('refundUntil', { type: 'datetime-local', hint: say(texts.openEnd) })}
              </div>
            </fieldset>
            <fieldset className="fieldset staff-cat-edit__group">
              <legend>{say(texts.nameLegend)}</legend>
              {check('namesAllowed', texts.namesAllowed)}
              <div className="staff-form-row">
                {text('namesUntil', { type: 'datetime-local', hint: say(texts.openEnd) })}
                {text('namesLimit', { inputMode: 'numeric' })}
              </div>
            </fieldset>
            {check('emailChanges', texts.emailChanges)}
            {check('featured', texts.featured)}
            <Dropdown
              id={`${formId}-tax`}
              label={say(texts.taxField)}
              value={form.tax}
              options={taxes.length ? taxes : [{ value: form.tax, label: form.tax }]}
              onChange={(value) => set('tax', value)}
              hint={problemOf('tax') ?? say(texts.taxHint)}
              aria-invalid={problemOf('tax') ? true : undefined}
              className={problemOf('tax') ? 'staff-cat-field--invalid' : undefined}
            />
            {requirable && <RequiresFieldset products={requirable} value={form.requires} onChange={(codes) => set('requires', codes)} problem={requiresProblem} />}
            {item.kind === 'product' && (
              <>
                <Dropdown
                  id={`${formId}-event`}
                  label={say(itemFormTexts.eventField)}
                  value={form.event}
                  options={events.length ? events : [{ value: form.event, label: form.event }]}
                  onChange={(value) => set('event', value)}
                  hint={problemOf('event') ?? say(texts.eventHint)}
                  aria-invalid={problemOf('event') ? true : undefined}
                  className={problemOf('event') ? 'staff-cat-field--invalid' : undefined}
                />
                {text('days', { hint: say(texts.daysHint) })}
                {item.travel_time_type && (
                  <fieldset className="fieldset staff-cat-edit__group">
                    <legend>{say(itemFormTexts.transportLegend)}</legend>
                    {problemOf('transport') && <p className="field__hint">{problemOf('transport')}</p>}
                    <div className="staff-form-row">
                      {item.travel_time_type === 'fixed' && text('travelTime', { type: 'datetime-local' })}
                      {text('changesUntil', { type: 'datetime-local', hint: say(texts.openEnd) })}
                    </div>
                  </fieldset>
                )}
                <PlanFieldset formId={formId} rows={form.plan} onChange={(rows) => set('plan', rows)} problemOf={problemOf} />
              </>
            )}
          </>
        )}
    </FormDialog>
  );
}

/**
 * A product's payment plan (the file's `payment_plan`): a first payment and instalments, each due
 * after some days, weeks or months. Orders keep the plan they were made with, as the form says.
 */
function PlanFieldset({ formId, rows, onChange, problemOf }: { formId: string; rows: readonly PlanRow[]; onChange: (rows: PlanRow[]) => void; problemOf: (field: string) => string | undefined }) {
  const change = (index: number, row: Partial<PlanRow>) => onChange(rows.map((current, at) => (at === index ? { ...current, ...row } : current)));
  const whole = problemOf('payment_plan');
  return (
    <fieldset className="fieldset staff-cat-edit__group" aria-describedby={`${formId}-plan-hint`}>
      <legend>{say(itemFormTexts.planLegend)}</legend>
      <p id={`${formId}-plan-hint`} className="field__hint">
        {whole ?? say(staffCatalogueMessages.planNewOrders)}
      </p>
      {rows.map((row, index) => {
        const amountProblem = problemOf(`payment_plan.${index}.amount`);
        const countProblem = problemOf(`payment_plan.${index}.count`);
        return (
          <div className="staff-form-row" key={index}>
            <TextField
              label={itemFormTexts.amountField(index + 1)}
              value={row.amount}
              onChange={(value) => change(index, { amount: value })}
              inputMode="decimal"
              autoComplete="off"
              hint={amountProblem}
              aria-invalid={amountProblem ? true : undefined}
              className={amountProblem ? 'staff-cat-field--invalid' : undefined}
            />
            <TextField
              label={itemFormTexts.afterField(index + 1)}
              value={row.count}
              onChange={(value) => change(index, { count: value })}
              type="number"
              autoComplete="off"
              hint={countProblem}
              aria-invalid={countProblem ? true : undefined}
              className={countProblem ? 'staff-cat-field--invalid' : undefined}
            />
            <Dropdown
              id={`${formId}-plan-${index}-units`}
              label={itemFormTexts.unitsField(index + 1)}
              value={row.units}
              options={(['days', 'weeks', 'months'] as const).map((unit) => ({ value: unit, label: say(itemFormTexts.units[unit]) }))}
              onChange={(value) => change(index, { units: value as PlanRow['units'] })}
            />
            <Button size="sm" variant="secondary" onClick={() => onChange(rows.filter((_, at) => at !== index))} aria-label={itemFormTexts.removeInstalmentLabel(index + 1)}>
              {say(itemFormTexts.removeRow)}
            </Button>
          </div>
        );
      })}
      <Button size="sm" variant="secondary" onClick={() => onChange([...rows, { amount: '', count: rows.length ? '1' : '0', units: rows.length ? 'months' : 'days' }])}>
        {say(itemFormTexts.addPayment)}
      </Button>
    </fieldset>
  );
}

/** An event's name in every language of the shop (decision 0094): the same fields as an item's texts, the name alone. */
function EventTextsDialog({
  event,
  currency,
  action,
  onSave,
  onClose,
}: {
  event: EventView;
  currency: string;
  action: EditAction;
  onSave: (changes: CatalogueEventChanges) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const textsForm = useTextsForm(event, setProblems);
  const [tried, setTried] = useState(0);
  const server = tried > 0 ? serverFieldProblems(action.errors) : {};
  useFocusOnRefusal(formRef, tried, action.errors);
  useLanguageOfRefusal(textsForm, formRef, action.errors, Object.keys(server));

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const prepared = prepareEventChanges(event, textsForm.form, textsForm.languages);
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      textsForm.showLanguageOf(Object.keys(prepared.problems));
      return;
    }
    setProblems({});
    onSave(prepared.changes);
  };
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? say(problemSentence(field, problem, currency, texts.fieldNamesInSentences)) : undefined;
  };

  return (
    <FormDialog
      id="staff-cat-event-texts"
      formId={formId}
      formRef={formRef}
      title={texts.eventTextsTitle(event.name)}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={action.message}
      problem={problems._ ?? server._}
    >
      <p className="text-muted">{texts.eventTextsLead(event.code)}</p>
      <TextsFieldset formId={formId} texts={textsForm} fields={EVENT_TEXT_FIELDS} legend={texts.eventTextsLegend} defaultHint={texts.eventTextsDefault} problemOf={problemOf} />
    </FormDialog>
  );
}

function CheckField({
  id,
  label,
  checked,
  onChange,
  hint,
  invalid = false,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  hint?: string | undefined;
  invalid?: boolean;
}) {
  return (
    <div className="staff-cat-check">
      <input type="checkbox" id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} aria-invalid={invalid || undefined} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The live catalogue as a catalogue file to download (issue 37 point 7): the YAML an import takes
 * back to the same catalogue. It names its images without holding them (no zip library in the
 * shop): an upload here finds them by those names.
 */
function DownloadSection() {
  const download = useStaffAction({
    run: () => staffCall('catalogue-download', {}),
    done: (answer) => {
      downloadFile(answer);
      return texts.download.done(answer.filename);
    },
  });
  return (
    <section className="card staff-section staff-cat-download" aria-labelledby="staff-cat-download-title">
      <h2 id="staff-cat-download-title">{say(texts.download.title)}</h2>
      <p className="text-muted">{say(texts.download.lead)}</p>
      <Refusal message={download.message} />
      <div className="button-row">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate(undefined)}>
          {say(texts.download.button)}
        </Button>
      </div>
    </section>
  );
}

/** What an import would change (a check) or changed: by section, then by entry and field, with the value now and the file's. */
function DiffView({ diff, done, money }: { diff: CatalogueDiff; done: boolean; money: (minor: number) => string }) {
  const sections = diff.sections.filter((section) => changesIn(section) + section.unchanged > 0);
  const changing = sections.some((section) => changesIn(section) > 0);
  const notListed = diffNotListed(diff);
  const value = (field: string | null, text: string | null) =>
    text === null ? <span className="text-muted">{say(uploadTexts.none)}</span> : <span className="staff-cat-diff__value">{diffValueWords(field ?? '', text, money)}</span>;
  return (
    <>
      <h3>{say(done ? uploadTexts.diffDoneTitle : uploadTexts.diffTitle)}</h3>
      {!changing ? (
        <p className="text-muted">{say(uploadTexts.noChanges)}</p>
      ) : (
        <>
          <DataTable
            caption={say(uploadTexts.sectionsCaption)}
            captionHidden
            className="staff-cat-diff-sections"
            stackOnNarrow
            rows={sections}
            rowKey={(row) => row.section}
            columns={[
              { key: 'section', header: say(uploadTexts.section), cell: (row) => say(uploadTexts.sections[row.section]) },
              { key: 'added', header: say(uploadTexts.added), cell: (row) => row.added_count, align: 'end' },
              { key: 'changed', header: say(uploadTexts.changed), cell: (row) => row.changed_count, align: 'end' },
              { key: 'switched_off', header: say(uploadTexts.switchedOff), cell: (row) => row.switched_off_count, align: 'end' },
              { key: 'unchanged', header: say(uploadTexts.unchanged), cell: (row) => row.unchanged, align: 'end' },
            ]}
          />
          <DataTable
            caption={say(uploadTexts.changesCaption)}
            captionHidden
            className="staff-cat-diff"
            stackOnNarrow
            rows={diffRows(diff)}
            rowKey={(row) => row.key}
            columns={[
              { key: 'section', header: say(uploadTexts.section), cell: (row) => say(uploadTexts.sections[row.section]) },
              { key: 'entry', header: say(uploadTexts.entry), cell: (row) => <code>{row.code}</code> },
              {
                key: 'field',
                header: say(uploadTexts.field),
                cell: (row) => (row.field !== null ? <code>{row.field}</code> : say(row.what === 'added' ? uploadTexts.newEntry : uploadTexts.switchedOffEntry)),
              },
              { key: 'live', header: say(uploadTexts.liveValue), cell: (row) => (row.what === 'changed' ? value(row.field, row.live) : '–') },
              { key: 'file', header: say(uploadTexts.fileValue), cell: (row) => (row.what === 'changed' ? value(row.field, row.file) : '–') },
            ]}
          />
          {notListed > 0 && <p className="text-muted">{uploadTexts.notListed(notListed)}</p>}
        </>
      )}
      {diff.handed_back_count > 0 && <p className="text-muted">{uploadTexts.handedBack(diff.handed_back_count)}</p>}
    </>
  );
}

/**
 * A catalogue file checked or imported: its problems by line and field, what the import would
 * change (the check is a dry run) and what it does to changes made here; the import is offered
 * with the check's answer and applies the file checked, once the admin confirms.
 */
function UploadSection({ money, zoneOfCode, onImported }: { money: (minor: number) => string; zoneOfCode: (code: string) => string; onImported: () => void }) {
  const fileId = useId();
  const winsId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileWins, setFileWins] = useState(false);
  const [problem, setProblem] = useState<Shown | null>(null);
  const [reading, setReading] = useState(false);
  const [confirm, setConfirm] = useState<UploadInput | null>(null);
  /** Whether the chosen file was sent: the shop's field errors belong to it, not to a file chosen since. */
  const [sent, setSent] = useState(false);
  /** The shop's answer, and what was sent (the import applies the very file and choice checked). */
  const [result, setResult] = useState<{ answer: CatalogueUploadAnswer; input: UploadInput } | null>(null);

  const upload = useStaffAction({
    run: (input: UploadInput) => staffCall('catalogue-upload', input),
    done: (answer, input) => {
      setConfirm(null);
      setResult({ answer, input });
      if (answer.imported) onImported();
      return null;
    },
    reload: [['staff-audit'], ['dashboard'], ['box-office-items']],
  });

  // The answer takes the focus: it is what the admin waits for, and may be far down a long page.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  /** The file as the payload the check sends, or null with the reason shown. */
  const prepare = async (): Promise<UploadInput | null> => {
    upload.clearMessage();
    setResult(null);
    if (!file) {
      setProblem(uploadTexts.chooseFile);
      return null;
    }
    setReading(true);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setProblem(uploadTexts.unreadable);
      return null;
    } finally {
      setReading(false);
    }
    const lines = linesOfFile(text);
    if (!lines.ok) {
      setProblem(lines.problem);
      return null;
    }
    const payload: UploadInput = { file_name: file.name, lines: lines.lines, check_only: true, file_wins: fileWins };
    const checked = catalogueUploadPayload.safeParse(payload);
    if (!checked.success) {
      setProblem(checked.error.issues[0] ? say(issueText(checked.error.issues[0])) : uploadTexts.unreadable);
      return null;
    }
    if (uploadTooLarge(payload)) {
      setProblem(uploadTexts.tooLarge(uploadLimitWords()));
      return null;
    }
    setProblem(null);
    return payload;
  };
  const check = async (event: FormEvent) => {
    event.preventDefault();
    const payload = await prepare();
    if (!payload) return;
    setSent(true);
    upload.mutate(payload);
  };

  const fieldProblem = problem !== null ? say(problem) : (sent ? (upload.fieldError('lines') ?? upload.fieldError('file_name')) : undefined);
  const answer = result?.answer;
  return (
    <section className="card staff-section staff-cat-upload" aria-labelledby="staff-cat-upload-title">
      <h2 id="staff-cat-upload-title">{say(uploadTexts.title)}</h2>
      <p className="text-muted">{say(uploadTexts.lead)}</p>
      <form className="form-stack" onSubmit={(event) => void check(event)} noValidate aria-busy={upload.isPending || reading || undefined}>
        <Refusal message={upload.message} />
        <div className="field">
          <label htmlFor={fileId} className="field__label">
            {say(uploadTexts.file)}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".yaml,.yml,.json"
            className="field__control staff-cat-upload__file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setSent(false);
              setProblem(null);
              setResult(null);
              upload.clearMessage();
            }}
            aria-invalid={fieldProblem ? true : undefined}
            aria-describedby={fieldProblem ? `${fileId}-problem` : undefined}
          />
          {fieldProblem && (
            <p id={`${fileId}-problem`} className="field__hint staff-cat-problem" role="alert">
              {fieldProblem}
            </p>
          )}
        </div>
        <CheckField
          id={winsId}
          label={say(uploadTexts.fileWins)}
          checked={fileWins}
          onChange={(checked) => {
            // A check with the other choice no longer says what the import would do.
            setFileWins(checked);
            setResult(null);
          }}
          hint={say(uploadTexts.fileWinsHint)}
        />
        <div className="button-row">
          <Button type="submit" variant="secondary" loading={(upload.isPending && !confirm) || reading}>
            {say(uploadTexts.check)}
          </Button>
        </div>
        <p className="field__hint">{say(uploadTexts.importAfterCheck)}</p>
      </form>

      {answer && result && (
        <div className="staff-cat-result" ref={resultRef} tabIndex={-1}>
          <div role="status" className={`alert ${answer.valid ? 'alert--success' : 'alert--danger'}`}>
            <p>
              <strong>{answer.message}</strong>
            </p>
            {answer.counts && <p>{uploadTexts.counts(answer.counts)}</p>}
          </div>
          {answer.problems.length > 0 && (
            <>
              <h3 id="staff-cat-problems-title">{uploadTexts.problemsTitle(answer.problems.length + answer.problems_left_out)}</h3>
              {answer.problems_left_out > 0 && <p className="text-muted">{uploadTexts.problemsLeftOut(answer.problems.length, answer.problems_left_out)}</p>}
              <DataTable
                caption={say(uploadTexts.problemsCaption)}
                captionHidden
                className="staff-cat-problems"
                rows={answer.problems.map((row, index) => ({ ...row, index }))}
                rowKey={(row) => row.index}
                columns={[
                  { key: 'line', header: say(uploadTexts.line), cell: (row) => row.line ?? '–', align: 'end' },
                  { key: 'field', header: say(uploadTexts.field), cell: (row) => (row.field ? <code>{row.field}</code> : say(uploadTexts.wholeFile)) },
                  { key: 'message', header: say(uploadTexts.problem), cell: (row) => row.message },
                ]}
              />
            </>
          )}
          {answer.valid && answer.diff && <DiffView diff={answer.diff} done={answer.imported} money={money} />}
          {answer.valid && (
            <>
              <h3>{say(result.input.file_wins ? uploadTexts.replacedTitle : uploadTexts.keptTitle)}</h3>
              {answer.kept.length === 0 ? (
                <p className="text-muted">{say(uploadTexts.noKept)}</p>
              ) : (
                <DataTable
                  caption={say(uploadTexts.keptCaption)}
                  captionHidden
                  className="staff-cat-kept"
                  rows={answer.kept.map((row, index) => ({ ...row, index }))}
                  rowKey={(row) => row.index}
                  columns={[
                    { key: 'code', header: say(uploadTexts.item), cell: (row) => <code>{row.code}</code> },
                    { key: 'field', header: say(uploadTexts.field), cell: (row) => keptFieldWords(row.field, zoneOfCode(row.code), staffLocale()) },
                    { key: 'shop', header: say(uploadTexts.shopValue), cell: (row) => say(keptValueWords(row.field, row.shop_value, money)) },
                    { key: 'file', header: say(uploadTexts.fileValue), cell: (row) => say(keptValueWords(row.field, row.file_value, money)) },
                  ]}
                />
              )}
            </>
          )}
          {answer.valid && !answer.imported && (
            <div className="button-row">
              <Button
                variant="primary"
                onClick={() => {
                  upload.clearMessage();
                  setConfirm({ ...result.input, check_only: false });
                }}
                disabled={upload.isPending}
              >
                {say(uploadTexts.import)}
              </Button>
            </div>
          )}
        </div>
      )}

      {confirm && (
        <ConfirmModal
          open
          title={say(uploadTexts.importTitle)}
          confirmLabel={say(uploadTexts.importConfirm)}
          confirmVariant="danger"
          busy={upload.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setSent(true);
            upload.mutate(confirm);
          }}
        >
          <Refusal message={upload.message} />
          <p>{uploadTexts.importQuestion(confirm.file_name)}</p>
          <p>{say(confirm.file_wins ? uploadTexts.importReplaces : uploadTexts.importKeeps)}</p>
        </ConfirmModal>
      )}
    </section>
  );
}

/** A new event's form in a dialog, or a duplicate's filled from another event (its products are not copied). */
function EventDialog({
  from,
  editing = null,
  shopZone,
  action,
  onSave,
  onSaveSettings,
  onClose,
}: {
  from: CatalogueEventView | null;
  /** An event whose settings the form changes (decision 0105): its code and name stay. */
  editing?: CatalogueEventView | null;
  shopZone: string;
  action: { isPending: boolean; message: string | null; errors: Record<string, string[]> };
  onSave: (event: EventDefinitionInput) => void;
  onSaveSettings?: (changes: CatalogueEventChanges) => void;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<EventForm>(() => (editing ? settingsFormOf(editing) : from ? duplicateFormOf(from) : emptyEventForm(shopZone)));
  const [tried, setTried] = useState(0);
  const [problems, setProblems] = useState<FieldProblems>({});
  useFocusOnRefusal(formRef, tried, action.errors);
  const labels: Record<string, string> = {
    code: say(eventTexts.codeField),
    name: say(eventTexts.nameField),
    timezone: say(eventTexts.timezoneField),
    starts_at: say(eventTexts.startsField),
    ends_at: say(eventTexts.endsField),
    venue: say(eventTexts.venueField),
    bank_transfer_countries: say(eventTexts.countriesField),
  };
  const server: Record<string, string> = {};
  if (tried > 0) for (const [key, list] of Object.entries(action.errors)) server[eventFormFieldOf(key)] = list.join(' ');
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? eventProblemSentence(field, problem, labels) : undefined;
  };
  const besideFields = Object.keys(server).some((field) => field !== '_');
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried((count) => count + 1);
    if (editing) {
      const settings = prepareEventSettings(editing, form);
      if (!settings.ok) return setProblems(settings.problems);
      setProblems({});
      return onSaveSettings?.(settings.changes);
    }
    const prepared = prepareEvent(form);
    if (!prepared.ok) return setProblems(prepared.problems);
    setProblems({});
    onSave(prepared.event);
  };
  const text = (key: 'code' | 'name' | 'timezone' | 'startsAt' | 'endsAt' | 'venue' | 'bankTransferCountries', field: string, hint: string, type = 'text') => {
    const problem = problemOf(field);
    return (
      <TextField
        id={`${id}-${field}`}
        label={labels[field] ?? field}
        value={form[key]}
        onChange={(value) => set(key, value)}
        type={type}
        autoComplete="off"
        spellCheck={false}
        hint={problem ?? hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const check = (key: 'creditCardActive' | 'bankTransferActive' | 'ageRangeActive', label: Text) => (
    <div className="staff-cat-check">
      <input type="checkbox" id={`${id}-${key}`} checked={form[key]} onChange={(event) => set(key, event.target.checked)} />
      <label htmlFor={`${id}-${key}`}>{say(label)}</label>
    </div>
  );
  return (
    <FormDialog
      id={editing ? 'staff-cat-event-settings' : 'staff-cat-event-new'}
      formId={`${id}-form`}
      formRef={formRef}
      title={editing ? eventTexts.settingsTitle(editing.name) : from ? eventTexts.duplicateTitle(from.name) : say(eventTexts.newTitle)}
      labels={editing ? { close: eventTexts.close, save: eventTexts.saveSettings } : eventTexts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={besideFields ? null : action.message}
      problem={action.message ? undefined : (problems._ ?? server._)}
    >
      {from && <p className="text-muted">{say(eventTexts.duplicateNote)}</p>}
      {editing && <p className="text-muted">{say(eventTexts.settingsNote)}</p>}
      {!editing && text('code', 'code', say(eventTexts.codeHint))}
      {!editing && text('name', 'name', '')}
      <div className="staff-form-row">
        {text('timezone', 'timezone', say(eventTexts.timezoneHint))}
        {text('venue', 'venue', say(eventTexts.venueHint))}
      </div>
      <div className="staff-form-row">
        {text('startsAt', 'starts_at', say(eventTexts.startsHint), 'datetime-local')}
        {text('endsAt', 'ends_at', say(eventTexts.endsHint), 'datetime-local')}
      </div>
      <fieldset className="fieldset staff-cat-edit__group">
        <legend>{say(eventTexts.paymentLegend)}</legend>
        {check('creditCardActive', eventTexts.creditCardField)}
        {check('bankTransferActive', eventTexts.bankTransferField)}
        {form.bankTransferActive && text('bankTransferCountries', 'bank_transfer_countries', say(eventTexts.countriesHint))}
        {check('ageRangeActive', eventTexts.ageRangeField)}
      </fieldset>
    </FormDialog>
  );
}
