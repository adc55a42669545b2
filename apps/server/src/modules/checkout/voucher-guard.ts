import { messages } from '@festival/contract';
import type { Db } from '../../db/client';
import { createRateLimiter, networkOf } from '../../lib/rate-limit';

/**
 * Wrong voucher codes allowed per window (15 minutes), counted by validate-voucher and
 * checkout-cart together (decision 0023). Only wrong codes count: a buyer who types a right code
 * spends nothing, so an on-sale crowd behind one carrier address is not held up by its own
 * right answers.
 */
export const VOUCHER_LIMITS = {
  /** Per customer (the session's account): a buyer mistypes a few times, a guesser needs thousands. */
  perCustomer: 10,
  /** Per network address for checks without a session: the shop asks only at checkout, where everyone is logged in. */
  perAddressWithoutSession: 10,
  /** Per network address: generous, since thousands of buyers may share a carrier's address. */
  perAddress: 200,
};

export type VoucherLimits = typeof VOUCHER_LIMITS;

/** Who checks a code: the session's customer (null without one) and the network address. */
export interface VoucherChecker {
  customerId: number | null;
  ip: string;
}

/** A counted voucher check. */
export interface VoucherCheck {
  /** The code matched no voucher that can be redeemed now: the check stays counted. */
  wrong(): void;
  /** Uncounts the check unless it was wrong (call it once the check is over, however it ended). */
  settle(): Promise<void>;
}

export function createVoucherGuard(db: Db, options: { windowMs?: number | undefined; limits?: Partial<VoucherLimits> | undefined } = {}) {
  const limits: VoucherLimits = { ...VOUCHER_LIMITS, ...options.limits };
  const limiter = createRateLimiter(db, options.windowMs ?? 15 * 60_000, messages.checkout.voucherTooManyAttempts);

  return {
    /**
     * Counts a check before the code is looked at, so simultaneous guesses cannot slip past the
     * limit. Over a limit every check is refused (429), a right code's too: otherwise the answer
     * would still tell right codes from wrong ones.
     */
    async begin(checker: VoucherChecker): Promise<VoucherCheck> {
      const network = networkOf(checker.ip);
      const attempt = await limiter.hit([
        { key: `voucher:ip:${network}`, max: limits.perAddress },
        checker.customerId !== null
          ? { key: `voucher:customer:${checker.customerId}`, max: limits.perCustomer }
          : { key: `voucher:anonymous-ip:${network}`, max: limits.perAddressWithoutSession },
      ]);
      let wrong = false;
      return {
        wrong() {
          wrong = true;
        },
        async settle() {
          if (!wrong) await attempt.takeBack();
        },
      };
    },
  };
}

export type VoucherGuard = ReturnType<typeof createVoucherGuard>;
