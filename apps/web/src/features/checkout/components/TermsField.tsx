import { TermsCheckbox } from '../../../components/ui/TermsCheckbox';
import { useConfig } from '../../../lib/config';

/** The terms of the checkout: a checkbox, and the configured terms in a modal that can also accept them. */
export function TermsField({ accepted, onChange }: { accepted: boolean; onChange: (accepted: boolean) => void }) {
  const { texts } = useConfig();
  return (
    <div className="checkout-section">
      <TermsCheckbox
        id="checkout-terms"
        accepted={accepted}
        onChange={onChange}
        termsHtml={texts.termsAndConditions}
        readId="checkout-terms-read"
        modalId="checkout-terms-modal"
        modalAcceptId="checkout-terms-accept"
      />
    </div>
  );
}
