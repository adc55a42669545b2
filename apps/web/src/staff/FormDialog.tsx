import type { Shown } from '@festival/contract';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Modal';
import { say } from '../lib/say';

export interface FormDialogProps {
  id: string;
  formId: string;
  formRef: RefObject<HTMLFormElement | null>;
  title: string;
  labels: { close: Shown; save: Shown };
  pending: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The shop's refusal to show above the form (null: none, or it is said beside its fields). */
  refusal: string | null;
  /** A problem of the whole form found before sending (shown while there is no refusal). */
  problem?: Shown | undefined;
  children: ReactNode;
}

/** The back office's edit dialog: a form in a large modal with Close and Save, and its refusal above the fields. */
export function FormDialog({ id, formId, formRef, title, labels, pending, onClose, onSubmit, refusal, problem, children }: FormDialogProps) {
  const alert = refusal ?? problem;
  return (
    <Modal
      open
      id={id}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {say(labels.close)}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {say(labels.save)}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="form-stack staff-cat-edit" onSubmit={onSubmit} noValidate>
        {alert && (
          <div className="alert alert--danger" role="alert">
            {say(alert)}
          </div>
        )}
        {children}
      </form>
    </Modal>
  );
}
