import { messages } from '@festival/contract';
import { useEffect, useRef, useState } from 'react';
import type { LoadedCart } from '../../../lib/loaded-cart';
import { remainingMs } from '../../../lib/cart-clock';
import { COUNTDOWN_REFRESH_MS, formatRemaining } from '../countdown-text';
import { say } from '../../../lib/say';

/**
 * The reservation countdown of spec section 4, refreshed every 500 ms on the browser's clock
 * corrected by the server's (the offset measured when the cart answer arrived). At zero it asks
 * for the cart again, once per expiry time: the server says whether the cart is gone.
 */
export function Countdown({ loaded, onZero }: { loaded: LoadedCart; onZero: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const expiresAt = loaded.cart.expires_at;
  const left = remainingMs(expiresAt, loaded.offsetMs, now);
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (left > 0 || reloadedFor.current === expiresAt) return;
    reloadedFor.current = expiresAt;
    onZero();
  }, [left, expiresAt, onZero]);

  return (
    <p className="cart-panel__countdown" id="cart-countdown" role="timer">
      {say(messages.cart.reservedFor)} <strong id="cart-countdown-time">{formatRemaining(left)}</strong>
    </p>
  );
}
