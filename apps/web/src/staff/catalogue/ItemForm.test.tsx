// @vitest-environment happy-dom
import type { CatalogueOverviewAnswer } from '@festival/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/Toasts';
import type * as StaffApi from '../api';
import { useItemTools } from './ItemForm';

const calls: { path: string; payload: unknown }[] = [];
let refuse: Record<string, string[]> | null = null;
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof StaffApi>()),
  staffCall: async (path: string, payload: unknown) => {
    calls.push({ path, payload });
    if (path === 'rate-list') return { currency: 'EUR', tax_rates: [{ code: 'low', name: 'VAT 9%', rate: 9, archived: false, items: 3, back_office_fields: [] }], shipping_rates: [] };
    const { StaffApiError: Refusal } = await import('../api');
    if (refuse) throw new Refusal('Some of the details you sent are not valid.', 422, refuse);
    return { item: { code: 'X' }, message: 'The item is created.' };
  },
}));

afterEach(() => {
  cleanup();
  calls.length = 0;
  refuse = null;
  delete document.documentElement.dataset.languages;
});

const overview: CatalogueOverviewAnswer = {
  currency: 'EUR',
  timezone: 'Europe/Amsterdam',
  events: [{ code: 'NWF27', name: 'Northwind 2027', translations: {}, timezone: 'Europe/Amsterdam', starts_at: null, ends_at: null, venue: null, age_range_active: false, credit_card_active: true, bank_transfer_active: false, bank_transfer_countries: [], archived: false, changed_here: [] }],
  items: [],
};

function Harness() {
  const tools = useItemTools(overview, () => undefined);
  return (
    <>
      {tools.buttons}
      {tools.dialogs}
    </>
  );
}

const renderTools = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <Harness />
      </ToastProvider>
    </QueryClientProvider>,
  );

describe('the new product form', () => {
  it('checks a transport with the catalogue file’s rules before sending, and sends departures with their seats', async () => {
    const user = userEvent.setup();
    renderTools();
    await user.click(screen.getByRole('button', { name: 'New product' }));
    await user.type(screen.getByLabelText('Code'), 'NWF27-BOAT');
    await user.type(screen.getByLabelText('Name'), 'Boat');
    await user.click(screen.getByLabelText('Transport'));
    await user.click(screen.getByLabelText('Departures the buyer chooses from'));
    await user.type(screen.getByLabelText('Price'), '15');
    await waitFor(() => expect(screen.getByRole('option', { name: 'VAT 9% (low)' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Tax rate'), 'low');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // The empty departure row is refused at its field, tied to it, and nothing is sent.
    const time = screen.getByLabelText('Departure 1');
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(time.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toMatch(/^Departure 1 /);
    expect(calls.filter((call) => call.path === 'catalogue-create-item')).toEqual([]);
    await user.type(time, '2027-06-18T09:00');
    await user.type(screen.getByLabelText('Seats of departure 1'), '40');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'catalogue-create-item')).toBe(true));
    expect(calls.find((call) => call.path === 'catalogue-create-item')?.payload).toMatchObject({
      from: null,
      item: { kind: 'product', code: 'NWF27-BOAT', event: 'NWF27', type: 'transport', price: 1500, tax: 'low', transport: { travel_time_type: 'selectable', travel_times: [{ time: '2027-06-18T09:00:00+02:00', seats: 40 }] } },
    });
  });

  it('shows the shop’s refusal at its field', async () => {
    const user = userEvent.setup();
    refuse = { 'item.code': ['"NWF27-CAP" is the code of another product or merchandise item'] };
    renderTools();
    await user.click(screen.getByRole('button', { name: 'New merchandise' }));
    await user.type(screen.getByLabelText('Code'), 'NWF27-CAP');
    await user.type(screen.getByLabelText('Name'), 'Cap');
    await user.type(screen.getByLabelText('Type'), 'cap');
    await user.type(screen.getByLabelText('Price'), '18');
    await waitFor(() => expect(screen.getByRole('option', { name: 'VAT 9% (low)' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Tax rate'), 'low');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Code "NWF27-CAP" is the code of another product or merchandise item.')).toBeTruthy();
  });

  it('sends the price tiers and the texts in every language with the item, and shows the shop’s refusal of a tier at its field', async () => {
    const user = userEvent.setup();
    document.documentElement.dataset.languages = 'en de';
    refuse = { 'item.tiers.0.until': ['must be later than now'] };
    renderTools();
    await user.click(screen.getByRole('button', { name: 'New product' }));
    await user.type(screen.getByLabelText('Code'), 'NWF27-EARLY');
    await user.type(screen.getByLabelText('Name'), 'Early bird');
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await user.type(screen.getByLabelText('Name'), 'Frühbucher');
    await user.type(screen.getByLabelText('Price'), '80');
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    await user.type(screen.getByLabelText('Price of tier 1 (EUR)'), '60');
    await user.type(screen.getByLabelText('Until (time in Europe/Amsterdam)'), '2099-03-01T00:00');
    await waitFor(() => expect(screen.getByRole('option', { name: 'VAT 9% (low)' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Tax rate'), 'low');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'catalogue-create-item')).toBe(true));
    expect(calls.find((call) => call.path === 'catalogue-create-item')?.payload).toMatchObject({
      item: { name: 'Early bird', translations: { de: { name: 'Frühbucher' } }, price: 8000, tiers: [{ price: 6000, until: '2099-03-01T00:00:00+01:00' }] },
    });
    const until = screen.getByLabelText('Until (time in Europe/Amsterdam)');
    await waitFor(() => expect(until.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(until.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('End of tier 1 must be later than now.');
  });

  it('shows the language of a text the shop refuses, its field marked and focused, while another language is shown', async () => {
    const user = userEvent.setup();
    document.documentElement.dataset.languages = 'en de';
    refuse = { 'item.translations.de.name': ['is not a name the shop takes'] };
    renderTools();
    await user.click(screen.getByRole('button', { name: 'New product' }));
    await user.type(screen.getByLabelText('Code'), 'NWF27-EARLY');
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await user.type(screen.getByLabelText('Name'), 'Frühbucher');
    await user.selectOptions(screen.getByLabelText('Language'), 'en');
    await user.type(screen.getByLabelText('Name'), 'Early bird');
    await user.type(screen.getByLabelText('Price'), '80');
    await waitFor(() => expect(screen.getByRole('option', { name: 'VAT 9% (low)' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Tax rate'), 'low');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('de'));
    const name = screen.getByLabelText(/^Name/);
    expect([(name as HTMLInputElement).value, name.getAttribute('aria-invalid')]).toEqual(['Frühbucher', 'true']);
    await waitFor(() => expect(document.activeElement).toBe(name));
  });
});
