import type { ReactNode } from 'react';
import { Dropdown } from '../../../components/ui/Dropdown';
import { TextField } from '../../../components/ui/TextField';
import { useConfig } from '../../../lib/config';
import { say } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';

export interface AddressFieldsProps {
  legend: string;
  /** Ids: `${idPrefix}-country` and `${idPrefix}-address-<index>`. */
  idPrefix: string;
  /** billing or shipping, for the browser's autofill. */
  section: 'billing' | 'shipping';
  country: string;
  onCountryChange: (country: string) => void;
  /** The configured address lines' values, in their order. */
  lines: readonly string[];
  onLineChange: (index: number, value: string) => void;
  /** Fields before the country, such as the recipient's name. */
  before?: ReactNode;
  /** After the address lines, such as a choice to keep the address. */
  after?: ReactNode;
  /** Under the legend. */
  hint?: ReactNode;
  hintId?: string;
}

/** A country (the configured countries, a disabled placeholder) and the configured address lines with their required markers. */
export function AddressFields({ legend, idPrefix, section, country, onCountryChange, lines, onLineChange, before, after, hint, hintId }: AddressFieldsProps) {
  const { addressLines, countries } = useConfig();
  return (
    <fieldset className="fieldset checkout-section" aria-describedby={hint ? hintId : undefined}>
      <legend className="checkout-section__title">{legend}</legend>
      {hint}
      {before}
      <Dropdown
        id={`${idPrefix}-country`}
        label={say(checkoutTexts.addressFields.country)}
        required
        autoComplete={`${section} country`}
        placeholder={say(checkoutTexts.addressFields.chooseCountry)}
        options={countries.map((option) => ({ value: option.code, label: option.name }))}
        value={country}
        onChange={onCountryChange}
      />
      {addressLines.map((line, index) => (
        <TextField
          key={line.text}
          id={`${idPrefix}-address-${index}`}
          label={line.label ?? line.text}
          required={line.required}
          value={lines[index] ?? ''}
          onChange={(value) => onLineChange(index, value)}
        />
      ))}
      {after}
    </fieldset>
  );
}
