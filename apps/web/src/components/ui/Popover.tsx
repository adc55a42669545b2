import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import './popover.css';

export interface PopoverProps {
  /** The id of the panel (the button's aria-controls). */
  id?: string;
  /** The content of the toggle button. */
  trigger: ReactNode;
  /** Accessible name of the toggle button when its content is not text enough. */
  triggerLabel?: string;
  triggerId?: string;
  triggerClassName?: string;
  /** The panel's accessible name. */
  panelLabel: string;
  children: (close: () => void) => ReactNode;
  className?: string;
  /**
   * Loads what the panel needs before it opens (its code, kept out of the first route). Called
   * early when the button is pointed at or focused; the panel opens once it has settled.
   */
  prepare?: () => Promise<unknown>;
}

/**
 * A header panel (login, account, cart): a disclosure button and a panel that closes on
 * Escape (focus back on the button), a click outside, or a navigation.
 */
export function Popover({ id, trigger, triggerLabel, triggerId, triggerClassName, panelLabel, children, className, prepare }: PopoverProps) {
  const generatedId = useId();
  const panelId = id ?? generatedId;
  const location = useLocation();
  // Opened for one location: a navigation closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const [preparing, setPreparing] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The panel ends above the bottom of the screen whatever the header's height (its navigation
  // wraps on a phone) and scrolls itself: Total and Checkout never hide behind the page's own
  // scrolling. Its top is measured, and again when the screen or the page scroll changes.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    let frame = 0;
    const fit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        panel.style.setProperty('--popover-top', `${Math.max(0, Math.round(panel.getBoundingClientRect().top))}px`);
      });
    };
    panel.style.setProperty('--popover-top', `${Math.max(0, Math.round(panel.getBoundingClientRect().top))}px`);
    window.addEventListener('resize', fit);
    window.addEventListener('scroll', fit, { passive: true });
    window.visualViewport?.addEventListener('resize', fit);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
      window.removeEventListener('scroll', fit);
      window.visualViewport?.removeEventListener('resize', fit);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) {
        // Clicks inside a modal opened from the panel (a portal) do not count as outside.
        if ((event.target as Element).closest?.('.modal-backdrop')) return;
        setOpenAt(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => setOpenAt(null);

  const openPanel = () => {
    if (!prepare) {
      setOpenAt(location.key);
      return;
    }
    const key = location.key;
    setPreparing(true);
    // Opens either way: a panel whose code failed to load says so itself.
    void prepare()
      .catch(() => undefined)
      .then(() => {
        setPreparing(false);
        setOpenAt(key);
      });
  };
  const prefetch = prepare ? () => void prepare().catch(() => undefined) : undefined;

  return (
    <div
      ref={containerRef}
      className={['popover', className].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        aria-busy={preparing || undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => (open ? close() : openPanel())}
      >
        {trigger}
      </button>
      <div ref={panelRef} id={panelId} className="popover__panel" role="region" aria-label={panelLabel} hidden={!open}>
        {open && children(close)}
      </div>
    </div>
  );
}
