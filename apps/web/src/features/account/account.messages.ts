import { message, messageWith } from '@festival/contract';

/**
 * The account pages' own texts (login, registration, passwords, settings), declared for the
 * catalogues (docs/decisions/0093) and shown with `say(...)`. The English is the text the pages
 * showed before, word for word. The forms' refusals and the server's answers are the contract's
 * `messages`.
 */
export const accountTexts = {
  accountLinks: {
    register: message({ id: 'account.AccountLinks.register', defaultMessage: 'Register' }),
    resendTickets: message({ id: 'account.AccountLinks.resendTickets', defaultMessage: 'Re-send tickets' }),
    forgotPassword: message({ id: 'account.AccountLinks.forgotPassword', defaultMessage: 'Forgot your password' }),
  },
  loginForm: {
    /** The form's name for screen readers. */
    formName: message({ id: 'account.LoginForm.formName', defaultMessage: 'Login' }),
    password: message({ id: 'account.LoginForm.password', defaultMessage: 'Password' }),
    submit: message({ id: 'account.LoginForm.submit', defaultMessage: 'Login' }),
  },
  logoutButton: {
    logout: message({ id: 'account.LogoutButton.logout', defaultMessage: 'Logout' }),
    /** The confirmation dialog's title. */
    title: message({ id: 'account.LogoutButton.title', defaultMessage: 'Logout' }),
    question: message({ id: 'account.LogoutButton.question', defaultMessage: 'Are you sure you want to log out?' }),
  },
  loginPage: {
    lead: message({ id: 'account.LoginPage.lead', defaultMessage: 'Log in to check out and to manage your orders and tickets.' }),
  },
  registerPage: {
    lead: message({ id: 'account.RegisterPage.lead', defaultMessage: 'Create an account to check out and manage your orders. We will e-mail you a password.' }),
    login: message({ id: 'account.RegisterPage.login', defaultMessage: 'Login' }),
    formName: message({ id: 'account.RegisterPage.formName', defaultMessage: 'Register' }),
    fullName: message({ id: 'account.RegisterPage.fullName', defaultMessage: 'Full name' }),
    submit: message({ id: 'account.RegisterPage.submit', defaultMessage: 'Register' }),
    /** Followed by the link "Log in". */
    haveAccount: message({ id: 'account.RegisterPage.haveAccount', defaultMessage: 'Already have an account?' }),
    logIn: message({ id: 'account.RegisterPage.logIn', defaultMessage: 'Log in' }),
  },
  forgotPasswordPage: {
    lead: message({ id: 'account.ForgotPasswordPage.lead', defaultMessage: 'Enter the e-mail address of your account and we will send you a link to choose a new password.' }),
    backToLogin: message({ id: 'account.ForgotPasswordPage.backToLogin', defaultMessage: 'Back to login' }),
    submit: message({ id: 'account.ForgotPasswordPage.submit', defaultMessage: 'Send reset link' }),
  },
  resetPasswordPage: {
    lead: messageWith<{ count: number }>({
      id: 'account.ResetPasswordPage.lead',
      defaultMessage: 'Choose a new password of at least {count, plural, one {# character} other {# characters}}.',
    }),
    login: message({ id: 'account.ResetPasswordPage.login', defaultMessage: 'Login' }),
    formName: message({ id: 'account.ResetPasswordPage.formName', defaultMessage: 'Reset password' }),
    email: message({ id: 'account.ResetPasswordPage.email', defaultMessage: 'E-mail address' }),
    newPassword: message({ id: 'account.ResetPasswordPage.newPassword', defaultMessage: 'New password' }),
    newPasswordHint: messageWith<{ count: number }>({ id: 'account.ResetPasswordPage.newPasswordHint', defaultMessage: 'At least {count, plural, one {# character} other {# characters}}.' }),
    confirmPassword: message({ id: 'account.ResetPasswordPage.confirmPassword', defaultMessage: 'Confirm new password' }),
    submit: message({ id: 'account.ResetPasswordPage.submit', defaultMessage: 'Reset password' }),
    /** Under the "Incorrect code" heading. */
    incorrectCode: message({ id: 'account.ResetPasswordPage.incorrectCode', defaultMessage: 'The code may have timed out or been used. Please request a new link.' }),
  },
  resendTicketsPage: {
    lead: message({ id: 'account.ResendTicketsPage.lead', defaultMessage: 'Enter the e-mail address your tickets were issued to and we will send them to it again.' }),
    continue: message({ id: 'account.ResendTicketsPage.continue', defaultMessage: 'Continue where you were' }),
    backToShop: message({ id: 'account.ResendTicketsPage.backToShop', defaultMessage: 'Back to the shop' }),
    submit: message({ id: 'account.ResendTicketsPage.submit', defaultMessage: 'Re-send tickets' }),
  },
  accountPage: {
    lead: message({ id: 'account.AccountPage.lead', defaultMessage: 'Change your name, e-mail address, password and address.' }),
    formName: message({ id: 'account.AccountPage.formName', defaultMessage: 'Account settings' }),
    currentPassword: message({ id: 'account.AccountPage.currentPassword', defaultMessage: 'Current password' }),
    currentPasswordHint: message({ id: 'account.AccountPage.currentPasswordHint', defaultMessage: 'Needed to save any change.' }),
    yourDetails: message({ id: 'account.AccountPage.yourDetails', defaultMessage: 'Your details' }),
    fullName: message({ id: 'account.AccountPage.fullName', defaultMessage: 'Full name' }),
    changePassword: message({ id: 'account.AccountPage.changePassword', defaultMessage: 'Change your password' }),
    newPassword: message({ id: 'account.AccountPage.newPassword', defaultMessage: 'New password' }),
    newPasswordHint: message({ id: 'account.AccountPage.newPasswordHint', defaultMessage: 'Leave empty to keep your current password.' }),
    confirmPassword: message({ id: 'account.AccountPage.confirmPassword', defaultMessage: 'Confirm new password' }),
    defaultAddress: message({ id: 'account.AccountPage.defaultAddress', defaultMessage: 'Default address' }),
    addressHint: message({ id: 'account.AccountPage.addressHint', defaultMessage: 'You may leave the address empty. Once you fill in a line, the lines marked * are needed too.' }),
    country: message({ id: 'account.AccountPage.country', defaultMessage: 'Country' }),
    chooseCountry: message({ id: 'account.AccountPage.chooseCountry', defaultMessage: 'Choose your country' }),
    submit: message({ id: 'account.AccountPage.submit', defaultMessage: 'Update Settings' }),
  },
};
