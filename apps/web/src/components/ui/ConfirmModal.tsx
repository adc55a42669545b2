import { messages } from '@festival/contract';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Modal } from './Modal';
import { say } from '../../lib/say';

export interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  /** The question or explanation. */
  children?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape and the backdrop call this. */
  onCancel: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  confirmVariant?: ButtonVariant;
  /** While the confirmed action runs: the Confirm button shows a spinner. */
  busy?: boolean;
}

/** Elements that handle Enter and Space themselves. */
const OWN_KEYS = 'button, a[href], input, select, textarea, summary, [contenteditable="true"]';

/**
 * Asks before an action (spec section 2): Cancel and Confirm; Enter or Space confirms,
 * Escape closes. On a focused button Enter and Space press that button, so Cancel stays Cancel.
 */
export function ConfirmModal({
  open,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel = say(messages.ui.confirm),
  cancelLabel = say(messages.ui.cancel),
  confirmVariant = 'primary',
  busy = false,
}: ConfirmModalProps) {
  const bodyId = useId();

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (event.target instanceof Element && event.target.closest(OWN_KEYS)) return;
    event.preventDefault();
    if (!busy) onConfirm();
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      describedBy={children ? bodyId : undefined}
      hideCloseButton
      onKeyDown={handleKeyDown}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children && <div id={bodyId}>{children}</div>}
    </Modal>
  );
}
