import { messages, portalMessages, shopFrontMessages, type Ticket } from '@festival/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dropdown, type DropdownOption } from '../../../components/ui/Dropdown';
import { FormError } from '../../../components/ui/FormError';
import { Modal } from '../../../components/ui/Modal';
import { useToast } from '../../../components/ui/Toasts';
import { refusalText } from '../../../lib/api-client';
import { useFormat } from '../../../lib/use-format';
import { useSetTravelTime } from '../api/tickets';
import './travel-time.css';
import { APART, say, sayAround } from '../../../lib/say';
import { portalTexts } from '../portal.messages';

export interface TravelTimeModalProps {
  ticket: Ticket;
  onClose: () => void;
}

/**
 * The travel time modal of spec section 2, mounted while it is open: the ticket's travel times
 * (sold-out ones disabled, the current one preselected and always selectable, since the ticket
 * holds its seat), the meeting-point note, Cancel and Save. Escape closes. Nothing selected:
 * 'Please select the travel time.' The time the ticket already has is not sent: the modal says so.
 * A success replaces the cached data, closes and toasts. A refusal shows the server's reason in
 * the modal, which stays open; only a real failure (no answer, a 5xx) toasts the spec's 'Could
 * not update travel time. Please try later.' (section 8), never both for one refusal.
 */
export function TravelTimeModal({ ticket, onClose }: TravelTimeModalProps) {
  const format = useFormat();
  const toast = useToast();
  const texts = portalTexts.travelTimeModal;
  const { send, isPending } = useSetTravelTime();
  const [selected, setSelected] = useState(ticket.transport_time_id === null ? '' : String(ticket.transport_time_id));
  const [error, setError] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  // A refusal that arrives after Cancel has nowhere to show.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const options: DropdownOption[] = ticket.travel_times.map((option) => {
    const held = option.id === ticket.transport_time_id;
    const soldOut = option.remaining !== null && option.remaining <= 0 && !held;
    const seats = option.remaining === null || held ? '' : soldOut ? ` (${say(shopFrontMessages.soldOut)})` : ` (${say(texts.seatsLeft({ seats: format.number(option.remaining) }))})`;
    return { value: String(option.id), label: `${format.date(option.travel_time, ticket.timezone, 'dayDateTime')}${seats}`, disabled: soldOut };
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    if (!selected) {
      setError(say(messages.travelTime.required));
      selectRef.current?.focus();
      return;
    }
    if (ticket.transport_time_id !== null && selected === String(ticket.transport_time_id)) {
      setError(say(portalMessages.travelTimeUnchanged));
      selectRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const data = await send(ticket.code, Number(selected));
      if (!data) return;
      onClose();
      toast.success(say(messages.toast.travelTimeUpdated));
    } catch (failure) {
      const refusal = refusalText(failure);
      if (refusal === null) toast.danger(say(messages.toast.travelTimeUpdateFailed));
      if (!mounted.current) return;
      setError(refusal);
      // The Save button was disabled while the call ran, taking focus (and Escape) out of the dialog.
      selectRef.current?.focus();
    }
  };

  // The ticket in one sentence, its code shown as code.
  const [beforeCode, afterCode] = sayAround(
    ticket.full_name ? texts.productFor({ product: ticket.product, holder: ticket.full_name, code: APART }) : texts.product({ product: ticket.product, code: APART }),
  );

  return (
    <Modal
      open
      id="travel-time-modal"
      title={say(texts.title)}
      onClose={onClose}
      initialFocusRef={selectRef}
      describedBy="travel-time-product"
      footer={
        <>
          <Button id="travel-time-cancel" variant="secondary" onClick={onClose}>
            {say(messages.ui.cancel)}
          </Button>
          <Button id="travel-time-save" type="submit" form="travel-time-form" loading={isPending}>
            {say(texts.save)}
          </Button>
        </>
      }
    >
      <form id="travel-time-form" className="travel-time" noValidate onSubmit={(event) => void submit(event)}>
        <p id="travel-time-product" className="travel-time__product">
          {beforeCode}
          <code>{ticket.code}</code>
          {afterCode}
        </p>
        <FormError id="travel-time-error" message={error} />
        <Dropdown
          id="travel-time-select"
          ref={selectRef}
          label={say(texts.travelTime)}
          required
          placeholder={say(texts.choose)}
          options={options}
          value={selected}
          onChange={(value) => {
            setSelected(value);
            setError(null);
          }}
          aria-invalid={error === say(messages.travelTime.required) || error === say(portalMessages.travelTimeUnchanged) || undefined}
        />
        <p id="travel-time-meeting-point" className="field__hint">
          {say(messages.cart.meetingPoint)}
        </p>
      </form>
    </Modal>
  );
}
