import type { ShopItemVariant } from '@festival/contract';
import type { RefObject } from 'react';
import { say } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { productTexts } from '../product.messages';
import { variantAvailability } from '../variant-choice';

interface VariantChoiceProps {
  variants: readonly ShopItemVariant[];
  chosen: number | null;
  onChoose(id: number): void;
  /** The refusal of an add without a choice, tied to the group of options. */
  error: string | null;
  /** The first option, focused when an add is refused for want of a choice. */
  firstRef: RefObject<HTMLInputElement | null>;
}

/**
 * A merchandise item's required choice of size or variant (decision 0104): one radio per variant with
 * its availability; a sold-out one is shown, disabled.
 */
export function VariantChoice({ variants, chosen, onChoose, error, firstRef }: VariantChoiceProps) {
  const format = useFormat();
  const firstEnabled = variants.findIndex((variant) => variant.in_stock);
  return (
    <fieldset className="product__variants" id="product-variants" aria-describedby={error ? 'product-variants-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend>{say(productTexts.productPage.variant)}</legend>
      <div className="product__variant-options">
        {variants.map((variant, index) => {
          const availability = variantAvailability(variant, format.number);
          return (
            <label key={variant.id} className="product__variant" data-code={variant.external_code}>
              <input
                ref={index === firstEnabled ? firstRef : undefined}
                type="radio"
                name="variant"
                value={variant.id}
                required
                checked={chosen === variant.id}
                disabled={!variant.in_stock}
                onChange={() => onChoose(variant.id)}
              />
              <span className="product__variant-label">{variant.label}</span>
              {availability && <span className="product__variant-stock"> ({availability})</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p className="product__variant-error" id="product-variants-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
