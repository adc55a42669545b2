import type { CatalogueItemView } from '@festival/contract';
import { useId } from 'react';
import { say } from '../../lib/say';
import { staffTexts } from '../texts';

const texts = staffTexts.catalogue;

/**
 * The products an add-on may require (decision 0104): the other products of its event, as the
 * importer's rule allows (`requiresProblems`), archived ones only where already named; a code named
 * that the page does not list (another event's, or gone) stays, so that saving shows the shop's refusal.
 */
export function requirableProducts(items: readonly Pick<CatalogueItemView, 'code' | 'name' | 'kind' | 'event' | 'archived'>[], own: { code: string; event: string | null }, named: readonly string[]): { code: string; name: string }[] {
  const listed = items.filter((item) => item.kind === 'product' && item.code !== own.code && item.event === own.event && (!item.archived || named.includes(item.code)));
  const codes = new Set(listed.map((item) => item.code));
  return [...listed.map((item) => ({ code: item.code, name: item.name })), ...named.filter((code) => !codes.has(code)).map((code) => ({ code, name: code }))];
}

/** The codes ticked after one is ticked or unticked: in the order they were ticked. */
export function toggledCode(codes: readonly string[], code: string, on: boolean): string[] {
  return on ? (codes.includes(code) ? [...codes] : [...codes, code]) : codes.filter((ticked) => ticked !== code);
}

/**
 * An add-on's required products as ticks (decision 0104): the item's edit form and the new-item
 * form both show it. `problem` is said under the legend (the shop's or the form's words).
 */
export function RequiresFieldset({ products, value, onChange, problem }: { products: readonly { code: string; name: string }[]; value: readonly string[]; onChange: (codes: string[]) => void; problem?: string | undefined }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <fieldset className="fieldset staff-cat-edit__group" aria-describedby={hintId}>
      <legend>{say(texts.requiresLegend)}</legend>
      <p id={hintId} className={problem ? 'field__hint staff-cat-field--invalid' : 'field__hint'} role={problem ? 'alert' : undefined}>
        {problem ?? say(products.length ? texts.requiresHint : texts.requiresNone)}
      </p>
      {products.map((product) => (
        <div className="staff-cat-check" key={product.code}>
          <input type="checkbox" id={`${id}-${product.code}`} checked={value.includes(product.code)} onChange={(event) => onChange(toggledCode(value, product.code, event.target.checked))} />
          <label htmlFor={`${id}-${product.code}`}>
            {product.name} ({product.code})
          </label>
        </div>
      ))}
    </fieldset>
  );
}
