// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownOption } from './Dropdown';

afterEach(cleanup);

const options: DropdownOption[] = [
  { value: 'day', label: 'Day ticket' },
  { value: 'weekend', label: 'Weekend ticket' },
  { value: 'vip', label: 'VIP ticket', disabled: true },
];

function optionsOf(select: HTMLSelectElement) {
  return Array.from(select.options).map((option) => ({ value: option.value, label: option.text, disabled: option.disabled }));
}

describe('Dropdown', () => {
  it('associates its label with the select', () => {
    render(<Dropdown label="Ticket type" options={options} value="day" onChange={vi.fn()} />);
    const select = screen.getByLabelText('Ticket type');
    expect(select.tagName).toBe('SELECT');
    expect(screen.getByRole('combobox', { name: 'Ticket type' })).toBe(select);
  });

  it('uses the id it is given for the label association', () => {
    render(<Dropdown id="ticket-type" label="Ticket type" options={options} value="day" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Ticket type').id).toBe('ticket-type');
  });

  it('renders no label without one and can be named with aria-label', () => {
    const { container } = render(<Dropdown aria-label="Sort by" options={options} value="day" onChange={vi.fn()} />);
    expect(container.querySelector('label')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
  });

  it('shows a required marker and marks the select required when required', () => {
    const { container } = render(<Dropdown label="Ticket type" options={options} value="day" onChange={vi.fn()} required />);
    const label = container.querySelector('label');
    expect(label?.textContent).toBe('Ticket type *');
    // The marker is decoration; assistive technology hears "required" from the select itself.
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    const select = screen.getByRole('combobox', { name: 'Ticket type' }) as HTMLSelectElement;
    expect(select.required).toBe(true);
  });

  it('shows no required marker when not required', () => {
    const { container } = render(<Dropdown label="Ticket type" options={options} value="day" onChange={vi.fn()} />);
    expect(container.querySelector('label')?.textContent).toBe('Ticket type');
    expect(screen.queryByText('*')).toBeNull();
    expect((screen.getByLabelText('Ticket type') as HTMLSelectElement).required).toBe(false);
  });

  it('renders the options with their labels and disabled states', () => {
    render(<Dropdown label="Ticket type" options={options} value="day" onChange={vi.fn()} />);
    expect(optionsOf(screen.getByLabelText('Ticket type') as HTMLSelectElement)).toEqual([
      { value: 'day', label: 'Day ticket', disabled: false },
      { value: 'weekend', label: 'Weekend ticket', disabled: false },
      { value: 'vip', label: 'VIP ticket', disabled: true },
    ]);
  });

  it('puts a disabled placeholder first when given, selected while the value is empty', () => {
    render(<Dropdown label="Ticket type" options={options} value="" onChange={vi.fn()} placeholder="Choose…" />);
    const select = screen.getByLabelText('Ticket type') as HTMLSelectElement;
    expect(optionsOf(select)[0]).toEqual({ value: '', label: 'Choose…', disabled: true });
    expect(select.options).toHaveLength(4);
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.text).toBe('Choose…');
  });

  it('has no placeholder option without one', () => {
    render(<Dropdown label="Ticket type" options={options} value="day" onChange={vi.fn()} />);
    const select = screen.getByLabelText('Ticket type') as HTMLSelectElement;
    expect(select.options).toHaveLength(3);
    expect(optionsOf(select).some((option) => option.value === '')).toBe(false);
  });

  it('shows the value it is given as the selected option', () => {
    render(<Dropdown label="Ticket type" options={options} value="weekend" onChange={vi.fn()} />);
    expect((screen.getByLabelText('Ticket type') as HTMLSelectElement).value).toBe('weekend');
  });

  it('calls onChange with the value of the option picked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dropdown label="Ticket type" options={options} value="" onChange={onChange} placeholder="Choose…" />);
    await user.selectOptions(screen.getByLabelText('Ticket type'), 'Weekend ticket');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('weekend');
  });

  it('describes the select with its hint', () => {
    render(<Dropdown label="Ticket type" options={options} value="day" onChange={vi.fn()} hint="Prices include the fee." />);
    expect(screen.getByRole('combobox', { name: 'Ticket type', description: 'Prices include the fee.' })).toBeTruthy();
  });
});
