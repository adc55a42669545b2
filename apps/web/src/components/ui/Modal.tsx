import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';
import { say } from '../../lib/say';
import { uiTexts } from './ui.messages';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The element the app renders into; made inert while a modal is open. */
const APP_ROOT_ID = 'root';
let openModals = 0;

function lockPage(): void {
  openModals += 1;
  if (openModals === 1) {
    document.getElementById(APP_ROOT_ID)?.setAttribute('inert', '');
    document.documentElement.classList.add('has-modal');
  }
}

function unlockPage(): void {
  openModals = Math.max(0, openModals - 1);
  if (openModals === 0) {
    document.getElementById(APP_ROOT_ID)?.removeAttribute('inert');
    document.documentElement.classList.remove('has-modal');
  }
}

export interface ModalProps {
  open: boolean;
  /** The dialog element's id (tests and links find it by it). */
  id?: string;
  /** Escape, the backdrop and the close button call this. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom of the dialog. */
  footer?: ReactNode;
  /** Receives focus on open; by default the dialog itself does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Extra key handling inside the dialog (Escape and Tab are handled already). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  size?: 'sm' | 'md' | 'lg';
  /** Hides the × button (the footer then offers a way out). */
  hideCloseButton?: boolean;
  closeLabel?: string;
  /** The dialog's role; alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

/**
 * A modal dialog: rendered over the page in a portal, the page behind made inert, focus kept
 * inside (Tab wraps) and returned to where it was on close, Escape closes.
 */
export function Modal({
  open,
  id,
  onClose,
  title,
  children,
  footer,
  initialFocusRef,
  onKeyDown,
  size = 'md',
  hideCloseButton = false,
  closeLabel = say(uiTexts.modal.close),
  role = 'dialog',
  describedBy,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockPage();
    (initialFocusRef?.current ?? dialogRef.current)?.focus();
    return () => {
      unlockPage();
      if (previous?.isConnected) previous.focus();
    };
    // Focus moves only when the dialog opens or closes (the ref object is stable).
  }, [open, initialFocusRef]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      trapTab(event, dialogRef.current);
      return;
    }
    onKeyDown?.(event);
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        id={id}
        className={`modal modal--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button type="button" className="modal__close" onClick={onClose} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

function trapTab(event: KeyboardEvent<HTMLDivElement>, dialog: HTMLDivElement | null): void {
  if (!dialog) return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
