// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable';

afterEach(cleanup);

interface Line {
  id: number;
  product: string;
  price: string;
}

const columns: DataTableColumn<Line>[] = [
  { key: 'product', header: 'Product', cell: (line) => line.product },
  { key: 'price', header: 'Price', cell: (line) => line.price, align: 'end' },
];

const rows: Line[] = [
  { id: 1, product: 'Weekend ticket', price: '€ 120.00' },
  { id: 2, product: 'Camping', price: '€ 40.00' },
];

function bodyRows(table: HTMLElement): HTMLElement[] {
  const body = table.querySelector('tbody');
  if (!body) throw new Error('The table has no tbody.');
  return within(body).getAllByRole('row');
}

describe('DataTable', () => {
  it('renders a header cell per column and a row per item with its cells', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} />);
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product', 'Price']);
    const lines = bodyRows(table);
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Weekend ticket', '€ 120.00']);
    expect(within(lines[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Camping', '€ 40.00']);
  });

  it('has no footer without extra or total rows', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} />);
    expect(screen.getByRole('table').querySelector('tfoot')).toBeNull();
    expect(screen.queryByRole('rowheader')).toBeNull();
  });

  it('shows extra rows under the items, each a label with its value', () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(line) => line.id}
        extraRows={[
          { label: 'Shipping', value: '€ 5.00' },
          { label: 'Discount', value: '-€ 10.00' },
        ]}
      />,
    );
    const footer = screen.getByRole('table').querySelector('tfoot');
    expect(footer).not.toBeNull();
    const lines = within(footer as HTMLElement).getAllByRole('row');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('rowheader').textContent).toBe('Shipping');
    expect(within(lines[0]!).getByRole('cell').textContent).toBe('€ 5.00');
    expect(within(lines[1]!).getByRole('rowheader').textContent).toBe('Discount');
    expect(within(lines[1]!).getByRole('cell').textContent).toBe('-€ 10.00');
    expect(bodyRows(screen.getByRole('table'))).toHaveLength(2);
  });

  it('shows a total row last, after the extra rows', () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(line) => line.id}
        extraRows={[{ label: 'Shipping', value: '€ 5.00' }]}
        totalRow={{ label: 'Total', value: '€ 165.00' }}
      />,
    );
    const footer = screen.getByRole('table').querySelector('tfoot') as HTMLElement;
    const lines = within(footer).getAllByRole('row');
    expect(lines.map((line) => within(line).getByRole('rowheader').textContent)).toEqual(['Shipping', 'Total']);
    expect(within(lines[1]!).getByRole('cell').textContent).toBe('€ 165.00');
  });

  it('shows a total row on its own without extra rows', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} totalRow={{ label: 'Total', value: '€ 160.00' }} />);
    const footer = screen.getByRole('table').querySelector('tfoot') as HTMLElement;
    expect(within(footer).getAllByRole('row')).toHaveLength(1);
    expect(within(footer).getByRole('rowheader').textContent).toBe('Total');
  });

  it('has no actions column without actions', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('adds an actions column with the actions of each row when given', () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(line) => line.id}
        actions={(line) => <button type="button">Remove {line.product}</button>}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product', 'Price', 'Actions']);
    const lines = bodyRows(screen.getByRole('table'));
    expect(within(lines[0]!).getByRole('button', { name: 'Remove Weekend ticket' })).toBeTruthy();
    expect(within(lines[1]!).getByRole('button', { name: 'Remove Camping' })).toBeTruthy();
  });

  it('names the actions column with actionsHeader', () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(line) => line.id}
        actions={() => null}
        actionsHeader="Manage"
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Manage' })).toBeTruthy();
  });

  it('keeps summary rows as wide as the item rows, also with an actions column', () => {
    render(
      <DataTable
        columns={[...columns, { key: 'qty', header: 'Quantity', cell: () => '1' }]}
        rows={rows}
        rowKey={(line) => line.id}
        actions={() => null}
        totalRow={{ label: 'Total', value: '€ 160.00' }}
      />,
    );
    // Columns a row covers: its cells, each counted by its colspan.
    const width = (selector: string) =>
      Array.from(screen.getByRole('table').querySelectorAll(`${selector} > th, ${selector} > td`)).reduce(
        (sum, cell) => sum + (Number(cell.getAttribute('colspan')) || 1),
        0,
      );
    expect(width('thead > tr')).toBe(4);
    expect(width('tbody > tr:first-child')).toBe(4);
    expect(width('tfoot > tr')).toBe(4);
  });

  it('shows the empty text in place of rows when there are none', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(line) => line.id} empty="Your cart is empty." />);
    const lines = bodyRows(screen.getByRole('table'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.textContent).toBe('Your cart is empty.');
  });

  it('names the table region by its caption', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} caption="Your order" captionHidden />);
    expect(screen.getByRole('region', { name: 'Your order' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Your order' })).toBeTruthy();
  });

  it('labels each cell with its column for the stacked narrow-screen layout, only when asked', () => {
    const { container, rerender } = render(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} stackOnNarrow />);
    expect(container.querySelector('.data-table--stack')).toBeTruthy();
    const cells = within(bodyRows(container)[0]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Product', 'Price']);
    rerender(<DataTable columns={columns} rows={rows} rowKey={(line) => line.id} />);
    expect(container.querySelector('.data-table--stack')).toBeNull();
    expect(container.querySelector('td[data-label]')).toBeNull();
  });
});
