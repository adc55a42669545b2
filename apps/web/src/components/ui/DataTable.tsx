import { useId, type ReactNode } from 'react';
import './data-table.css';
import { say } from '../../lib/say';
import { uiTexts } from './ui.messages';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and money read best aligned to the end. */
  align?: 'start' | 'center' | 'end';
}

/** A labelled line under the rows: shipping, discount, tax (extra rows) or the total. */
export interface DataTableSummaryRow {
  key?: string;
  label: ReactNode;
  value: ReactNode;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names the table for assistive technology; hidden visually with captionHidden. */
  caption?: ReactNode;
  captionHidden?: boolean;
  extraRows?: readonly DataTableSummaryRow[];
  totalRow?: DataTableSummaryRow;
  /** Renders an actions column (buttons or links per row). */
  actions?: (row: Row) => ReactNode;
  actionsHeader?: ReactNode;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  className?: string;
  /** On narrow screens each row becomes a card of label–value lines instead of a wide, scrolling row. */
  stackOnNarrow?: boolean;
}

/** The data table of spec section 2: optional extra and total rows, optional actions column. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  extraRows = [],
  totalRow,
  actions,
  actionsHeader = say(uiTexts.dataTable.actions),
  empty,
  className,
  stackOnNarrow = false,
}: DataTableProps<Row>) {
  const captionId = useId();
  const columnCount = columns.length + (actions ? 1 : 0);
  // Summary rows put their label over all data columns but the last, the value in the last.
  const labelSpan = Math.max(1, columns.length - 1);
  const lastAlign = columns[columns.length - 1]?.align ?? 'end';

  const summaryRow = (row: DataTableSummaryRow, index: number, total: boolean) => (
    <tr key={row.key ?? index} className={total ? 'data-table__total' : 'data-table__extra'}>
      <th scope="row" colSpan={labelSpan} className="align-end">
        {row.label}
      </th>
      <td className={`align-${lastAlign}`}>{row.value}</td>
      {actions && <td aria-hidden="true" />}
    </tr>
  );

  return (
    <div
      className={['data-table', stackOnNarrow && 'data-table--stack', className].filter(Boolean).join(' ')}
      role="region"
      aria-labelledby={caption ? captionId : undefined}
      tabIndex={0}
    >
      <table>
        {caption && (
          <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
            {caption}
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`align-${column.align ?? 'start'}`}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="align-end">
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columnCount} className="data-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={`align-${column.align ?? 'start'}`} data-label={stackOnNarrow && typeof column.header === 'string' ? column.header : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions && <td className="align-end data-table__actions">{actions(row)}</td>}
              </tr>
            ))
          )}
        </tbody>
        {(extraRows.length > 0 || totalRow) && (
          <tfoot>
            {extraRows.map((row, index) => summaryRow(row, index, false))}
            {totalRow && summaryRow(totalRow, -1, true)}
          </tfoot>
        )}
      </table>
    </div>
  );
}
