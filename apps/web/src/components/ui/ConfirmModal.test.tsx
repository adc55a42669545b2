// @vitest-environment happy-dom
import { english, messages } from '@festival/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './ConfirmModal';

afterEach(cleanup);

const TITLE = 'Delete this ticket?';
const BODY = 'This cannot be undone.';

/** An opener button and the confirm modal it opens; both answers close the modal. */
function Harness({ onConfirm, onCancel, busy }: { onConfirm: () => void; onCancel: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete ticket
      </button>
      <ConfirmModal
        open={open}
        title={TITLE}
        busy={busy}
        onConfirm={() => {
          onConfirm();
          if (!busy) setOpen(false);
        }}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      >
        {BODY}
      </ConfirmModal>
    </>
  );
}

async function openModal(props: { busy?: boolean } = {}) {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<Harness onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  const opener = screen.getByRole('button', { name: 'Delete ticket' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: TITLE });
  return { user, onConfirm, onCancel, opener, dialog };
}

describe('ConfirmModal', () => {
  it('renders nothing while closed', () => {
    render(<ConfirmModal open={false} title={TITLE} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title and described by its text', async () => {
    const { dialog } = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: TITLE, description: BODY })).toBe(dialog);
  });

  it('shows Cancel and Confirm buttons with the shared labels', async () => {
    await openModal();
    expect(screen.getByRole('button', { name: english(messages.ui.cancel) }).textContent).toBe('Cancel');
    expect(screen.getByRole('button', { name: english(messages.ui.confirm) }).textContent).toBe('Confirm');
  });

  it('confirms when Confirm is clicked', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    await user.click(screen.getByRole('button', { name: english(messages.ui.confirm) }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels when Cancel is clicked, without confirming', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    await user.click(screen.getByRole('button', { name: english(messages.ui.cancel) }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms on Enter', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('confirms on Space', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    await user.keyboard(' ');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('closes on Escape through the cancel handler, without confirming', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Enter on a focused Cancel button a cancel', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    screen.getByRole('button', { name: english(messages.ui.cancel) }).focus();
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps Space on a focused Cancel button a cancel', async () => {
    const { user, onConfirm, onCancel } = await openModal();
    screen.getByRole('button', { name: english(messages.ui.cancel) }).focus();
    await user.keyboard(' ');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms only once on Enter when the Confirm button has focus', async () => {
    const { user, onConfirm } = await openModal();
    screen.getByRole('button', { name: english(messages.ui.confirm) }).focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels on a press on the backdrop but not on one inside the dialog', async () => {
    const { onCancel, dialog } = await openModal();
    fireEvent.mouseDown(dialog);
    expect(onCancel).not.toHaveBeenCalled();
    const backdrop = dialog.parentElement;
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop as HTMLElement);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('does not confirm from the keyboard while busy and disables both buttons', async () => {
    const { user, onConfirm } = await openModal({ busy: true });
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onConfirm).not.toHaveBeenCalled();
    const confirm = screen.getByRole('button', { name: english(messages.ui.confirm) }) as HTMLButtonElement;
    const cancel = screen.getByRole('button', { name: english(messages.ui.cancel) }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(cancel.disabled).toBe(true);
  });

  it('still closes on Escape while busy', async () => {
    const { user, onCancel } = await openModal({ busy: true });
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('moves focus into the dialog on open and back to the opener on close', async () => {
    const { user, opener, dialog } = await openModal();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openModal();
    const cancel = screen.getByRole('button', { name: english(messages.ui.cancel) });
    const confirm = screen.getByRole('button', { name: english(messages.ui.confirm) });
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('makes the page behind inert while open', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    try {
      const { user } = await openModal();
      expect(root.hasAttribute('inert')).toBe(true);
      await user.keyboard('{Escape}');
      expect(root.hasAttribute('inert')).toBe(false);
    } finally {
      root.remove();
    }
  });
});
