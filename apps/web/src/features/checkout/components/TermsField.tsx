import { messages } from '@festival/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { RichText } from '../../../components/ui/RichText';
import { useConfig } from '../../../lib/config';

/** The terms of the checkout: a checkbox, and the configured terms in a modal that can also accept them. */
export function TermsField({ accepted, onChange }: { accepted: boolean; onChange: (accepted: boolean) => void }) {
  const { texts } = useConfig();
  const [open, setOpen] = useState(false);
  return (
    <div className="checkout-section terms-field">
      <div className="checkbox-field">
        <input type="checkbox" id="checkout-terms" checked={accepted} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor="checkout-terms">I accept the Terms and Conditions</label>
      </div>
      <Button variant="link" size="sm" id="checkout-terms-read" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Read the Terms and Conditions
      </Button>
      <Modal
        open={open}
        id="checkout-terms-modal"
        title="Terms and Conditions"
        size="lg"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button
              id="checkout-terms-accept"
              onClick={() => {
                onChange(true);
                setOpen(false);
              }}
            >
              {messages.terms.accept}
            </Button>
          </>
        }
      >
        <RichText html={texts.termsAndConditions} />
      </Modal>
    </div>
  );
}
