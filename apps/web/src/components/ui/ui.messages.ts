import { message } from '@festival/contract';

/**
 * The shared controls' own texts (a loading note, a dialog's close button, the notifications, the
 * terms checkbox), as messages of the catalogues (docs/decisions/0093), shown with `say(...)` in
 * the page's language. Ids are `components.<file>.<key>`; in the first part of each language's
 * texts (apps/web/build/text-catalogues.ts), as every page may show them at once.
 */
export const uiTexts = {
  questionField: {
    chooseOption: message({ id: 'components.QuestionField.chooseOption', defaultMessage: 'Choose an option' }),
  },
  loading: {
    label: message({ id: 'components.Loading.label', defaultMessage: 'Loading…' }),
  },
  modal: {
    close: message({ id: 'components.Modal.close', defaultMessage: 'Close' }),
  },
  toasts: {
    region: message({ id: 'components.Toasts.region', defaultMessage: 'Notifications' }),
    dismiss: message({ id: 'components.Toasts.dismiss', defaultMessage: 'Dismiss notification' }),
  },
  dataTable: {
    actions: message({ id: 'components.DataTable.actions', defaultMessage: 'Actions' }),
  },
  notFoundNotice: {
    toOrders: message({ id: 'components.NotFoundNotice.toOrders', defaultMessage: 'Go to your orders' }),
  },
  termsCheckbox: {
    accept: message({ id: 'components.TermsCheckbox.accept', defaultMessage: 'I accept the Terms and Conditions' }),
    read: message({ id: 'components.TermsCheckbox.read', defaultMessage: 'Read the Terms and Conditions' }),
    title: message({ id: 'components.TermsCheckbox.title', defaultMessage: 'Terms and Conditions' }),
    close: message({ id: 'components.TermsCheckbox.close', defaultMessage: 'Close' }),
  },
};
