import { message, messageWith } from './i18n/text';

/**
 * The form fields a required-fields message names ("Please fill out the following fields: …"),
 * each by its label on the form (decision 0071), as texts: the message is said in the reader's
 * language with every name in it (decision 0093), on the server and in the page alike. The
 * forms label their fields with these same texts. An address line is the organiser's own words
 * (`addressLineLabel`), a string.
 */
export const fieldNames = {
  fullName: message({ id: 'fields.fullName', defaultMessage: 'Full name' }),
  email: message({ id: 'fields.email', defaultMessage: 'E-mail address' }),
  ageRange: message({ id: 'fields.ageRange', defaultMessage: 'Age range' }),
  accountHolderName: message({ id: 'fields.accountHolderName', defaultMessage: "Account holder's full name" }),
  bankName: message({ id: 'fields.bankName', defaultMessage: 'Bank name' }),
  bankCountry: message({ id: 'fields.bankCountry', defaultMessage: 'Bank country' }),
  bic: message({ id: 'fields.bic', defaultMessage: 'BIC/SWIFT' }),
  iban: message({ id: 'fields.iban', defaultMessage: 'IBAN' }),
  bankAccount: message({ id: 'fields.bankAccount', defaultMessage: 'Bank account number' }),
  /** The recipient's name of a shipment (the checkout's shipping address). */
  shippingName: message({ id: 'fields.shippingName', defaultMessage: 'Full name' }),
  /** A shipping address line, told apart from the billing line of the same name. */
  shippingLine: messageWith<{ line: string }>({ id: 'fields.shippingLine', defaultMessage: '{line} (shipping)' }),
};
