import { english, messages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { addFailedText } from './cart-calls';

describe('the toast of a refused add', () => {
  it('shows the server’s refusal of a hold cap (decision 0025) as it is', () => {
    for (const message of [english(messages.cart.networkHoldLimit), english(messages.cart.cartHoldLimit(30))]) {
      expect(addFailedText(new ApiError(409, { message }, message))).toBe(message);
    }
  });
});
