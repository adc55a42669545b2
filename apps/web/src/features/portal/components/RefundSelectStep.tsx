import { itemStatusDisplay, itemStatusLabels } from '@festival/contract';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/FormError';
import { useConfig } from '../../../lib/config';
import { say } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { portalTexts } from '../portal.messages';
import { isSelected, type RefundLine, type RefundSelection } from './refund-form';

export interface RefundSelectStepProps {
  lines: readonly RefundLine[];
  selection: RefundSelection;
  onToggle: (line: RefundLine, ticked: boolean) => void;
  onNext: () => void;
  error: string | null;
  /** The id of the step's heading, which names the form. */
  labelledBy: string;
}

/**
 * Step 1 (spec sections 4 and 5): a checkbox per refundable ticket and merchandise purchase; the
 * others are listed disabled with their status.
 */
export function RefundSelectStep({ lines, selection, onToggle, onNext, error, labelledBy }: RefundSelectStepProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onNext();
  };
  const tickets = lines.filter((line) => line.kind === 'ticket');
  const merchandise = lines.filter((line) => line.kind === 'merchandise');
  const texts = portalTexts.refundSelectStep;

  return (
    <form id="refund-step-select" className="form-stack" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <FormError id="refund-error" message={error} />
      <p className="field__hint">{say(texts.hint)}</p>
      {tickets.length > 0 && <RefundLineGroup legend={say(texts.tickets)} lines={tickets} selection={selection} onToggle={onToggle} />}
      {merchandise.length > 0 && <RefundLineGroup legend={say(texts.merchandise)} lines={merchandise} selection={selection} onToggle={onToggle} />}
      <div className="button-row">
        <Button id="refund-next" type="submit">
          {say(texts.next)}
        </Button>
      </div>
    </form>
  );
}

interface RefundLineGroupProps {
  legend: string;
  lines: readonly RefundLine[];
  selection: RefundSelection;
  onToggle: (line: RefundLine, ticked: boolean) => void;
}

function RefundLineGroup({ legend, lines, selection, onToggle }: RefundLineGroupProps) {
  const { statusLabels } = useConfig();
  const format = useFormat();
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <ul className="refund-lines">
        {lines.map((line) => {
          const id = `refund-item-${line.code}`;
          const detailId = `${id}-detail`;
          return (
            <li key={id} className={line.refundable ? 'refund-line' : 'refund-line refund-line--disabled'}>
              <input
                type="checkbox"
                id={id}
                checked={line.refundable && isSelected(line, selection)}
                disabled={!line.refundable}
                aria-describedby={detailId}
                onChange={(event) => onToggle(line, event.target.checked)}
              />
              <div className="refund-line__text">
                <label htmlFor={id} className="refund-line__name">
                  {line.name}
                  {line.holder && ` – ${line.holder}`}
                </label>
                <span id={detailId} className="refund-line__detail">
                  {line.code} ·{' '}
                  {say(
                    line.refundable
                      ? portalTexts.refundSelectStep.refundAmount({ amount: format.money(line.amount) })
                      : portalTexts.refundSelectStep.notRefundable({ status: say(itemStatusDisplay(line.status, itemStatusLabels(line.kind, statusLabels)).label) }),
                  )}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
