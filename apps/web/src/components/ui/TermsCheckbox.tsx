import { messages } from '@festival/contract';
import { useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { RichText } from './RichText';
import './terms-checkbox.css';
import { say } from '../../lib/say';
import { uiTexts } from './ui.messages';

export interface TermsCheckboxProps {
  /** The checkbox's id (tests and journeys tick it by it). */
  id: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  /** The configured terms (rich text), shown in the modal. */
  termsHtml: string;
  /** The id of the button that opens the terms; `${id}-read` by default. */
  readId?: string;
  /** The id of the modal; `${id}-modal` by default. */
  modalId?: string;
  /** The id of the modal's button that ticks the box; `${id}-modal-accept` by default. */
  modalAcceptId?: string;
  /** Ids of texts that describe the checkbox (a hint, an error). */
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * 'I accept the Terms and Conditions': the checkbox, a button that opens the configured terms in
 * a modal, and in the modal a button that ticks the box. Used wherever an order's terms are
 * accepted: the checkout, the order view, the accept-terms and instalment pages.
 */
export function TermsCheckbox({ id, accepted, onChange, termsHtml, readId = `${id}-read`, modalId = `${id}-modal`, modalAcceptId = `${id}-modal-accept`, describedBy, disabled = false, className }: TermsCheckboxProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={['terms-checkbox', className].filter(Boolean).join(' ')}>
      <div className="checkbox-field">
        <input type="checkbox" id={id} checked={accepted} disabled={disabled} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id}>{say(uiTexts.termsCheckbox.accept)}</label>
      </div>
      <Button variant="link" size="sm" id={readId} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {say(uiTexts.termsCheckbox.read)}
      </Button>
      <Modal
        open={open}
        id={modalId}
        title={say(uiTexts.termsCheckbox.title)}
        size="lg"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {say(uiTexts.termsCheckbox.close)}
            </Button>
            {!disabled && (
              <Button
                id={modalAcceptId}
                onClick={() => {
                  onChange(true);
                  setOpen(false);
                }}
              >
                {say(messages.terms.accept)}
              </Button>
            )}
          </>
        }
      >
        <RichText html={termsHtml} />
      </Modal>
    </div>
  );
}
