import { PRICE_TIERS_MAX } from '@festival/contract';
import { Button } from '../../components/ui/Button';
import { Dropdown } from '../../components/ui/Dropdown';
import { TextField } from '../../components/ui/TextField';
import { say } from '../../lib/say';
import { movedTier, newTierRow, type TierRow } from '../catalogue-page';
import { staffTexts } from '../texts';

const texts = staffTexts.catalogue;

/**
 * The tiers editor (decision 0099): each tier's price and its end, a moment on the item's clocks
 * or a number of units; tiers added, removed and moved. What it sends is checked with the rules
 * the catalogue file's tiers are (the contract's schema), each problem at its field.
 */
export function TiersFieldset({
  formId,
  rows,
  onChange,
  currency,
  timeZone,
  plan,
  problemOf,
}: {
  formId: string;
  rows: TierRow[];
  onChange: (rows: TierRow[]) => void;
  currency: string;
  timeZone: string;
  plan: boolean;
  problemOf: (field: string) => string | undefined;
}) {
  const tt = texts.tiers;
  const whole = problemOf('tiers');
  const setRow = (index: number, changes: Partial<TierRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));
  if (plan && rows.length === 0) {
    return (
      <fieldset className="fieldset staff-cat-edit__group" id={`${formId}-tiers`}>
        <legend>{say(tt.legend)}</legend>
        <p className="text-muted">{say(tt.plan)}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="fieldset staff-cat-edit__group staff-cat-tiers" id={`${formId}-tiers`}>
      <legend>{say(tt.legend)}</legend>
      <p className="text-muted">{say(tt.lead)}</p>
      {whole && (
        <p className="staff-cat-field--invalid" role="alert">
          {whole}
        </p>
      )}
      {rows.length === 0 && <p>{say(tt.none)}</p>}
      <ol className="staff-cat-tiers__list">
        {rows.map((row, index) => {
          const number = index + 1;
          const priceProblem = problemOf(`tiers.${index}.price`);
          const endField = row.end === 'units' ? `tiers.${index}.units` : `tiers.${index}.until`;
          const endProblem = problemOf(endField) ?? problemOf(`tiers.${index}`);
          return (
            <li key={index} className="staff-cat-tiers__tier" aria-label={tt.tier(number)}>
              <p className="staff-cat-tiers__title">{tt.tier(number)}</p>
              <div className="staff-form-row">
                <TextField
                  label={tt.price(number, currency)}
                  value={row.price}
                  onChange={(value) => setRow(index, { price: value })}
                  inputMode="decimal"
                  autoComplete="off"
                  hint={priceProblem ?? say(texts.moneyHint)}
                  aria-invalid={priceProblem ? true : undefined}
                  className={priceProblem ? 'staff-cat-field--invalid' : undefined}
                />
                <Dropdown
                  label={say(tt.ends)}
                  options={[
                    { value: 'until', label: say(tt.endsAt) },
                    { value: 'units', label: say(tt.endsAfter) },
                  ]}
                  value={row.end}
                  onChange={(value) => setRow(index, { end: value === 'units' ? 'units' : 'until' })}
                />
                {row.end === 'until' ? (
                  <TextField
                    label={tt.until(timeZone)}
                    type="datetime-local"
                    value={row.until}
                    onChange={(value) => setRow(index, { until: value })}
                    autoComplete="off"
                    hint={endProblem}
                    aria-invalid={endProblem ? true : undefined}
                    className={endProblem ? 'staff-cat-field--invalid' : undefined}
                  />
                ) : (
                  <TextField
                    label={say(tt.units)}
                    value={row.units}
                    onChange={(value) => setRow(index, { units: value })}
                    inputMode="numeric"
                    autoComplete="off"
                    hint={endProblem}
                    aria-invalid={endProblem ? true : undefined}
                    className={endProblem ? 'staff-cat-field--invalid' : undefined}
                  />
                )}
              </div>
              <div className="button-row staff-cat-tiers__actions">
                <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => onChange(movedTier(rows, index, -1))}>
                  {tt.up(number)}
                </Button>
                <Button variant="ghost" size="sm" disabled={index === rows.length - 1} onClick={() => onChange(movedTier(rows, index, 1))}>
                  {tt.down(number)}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
                  {tt.remove(number)}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.length < PRICE_TIERS_MAX && (
        <Button variant="secondary" size="sm" id={`${formId}-add-tier`} onClick={() => onChange([...rows, newTierRow()])}>
          {say(tt.add)}
        </Button>
      )}
    </fieldset>
  );
}
