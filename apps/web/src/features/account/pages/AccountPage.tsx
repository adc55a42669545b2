import type { Customer } from '@festival/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dropdown } from '../../../components/ui/Dropdown';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { useConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/route-handle';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';
import { useUpdateSettings } from '../api/account-calls';
import { useSession } from '../api/session';
import { LogoutButton } from '../components/LogoutButton';
import { settingsProblem, type AddressLine } from '../validation';

/** /account (logged in only): account settings, prefilled from the customer in get-data. */
export default function AccountPage() {
  const { token, customer } = useSession();
  return (
    <Page title={usePageTitle()} lead={say(accountTexts.accountPage.lead)} className="page--narrow">
      <div className="card">
        {/* A new session (another login in another tab) starts the form afresh. */}
        {customer ? <SettingsForm key={token} customer={customer} /> : <Loading />}
      </div>
    </Page>
  );
}

export function SettingsForm({ customer }: { customer: Customer }) {
  const { addressLines, countries } = useConfig();
  const texts = accountTexts.accountPage;
  const [currentPassword, setCurrentPassword] = useState('');
  const [fullName, setFullName] = useState(customer.full_name);
  const [email, setEmail] = useState(customer.email);
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // The default address is kept by the configured line's text (decision 0013).
  const [address, setAddress] = useState(() => addressLines.map((line) => customer.address[line.text] ?? ''));
  const [country, setCountry] = useState(customer.country ?? '');
  const update = useUpdateSettings({
    onUpdated: () => {
      // The passwords are not kept in the page once they have done their work.
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = settingsProblem({ currentPassword, fullName, email, newPassword, confirmation, address }, addressLines);
    if (problem) {
      formErrorStore.set(problem);
      return;
    }
    update.mutate({
      old_password: currentPassword,
      new_password: newPassword || null,
      full_name: fullName.trim(),
      email: email.trim(),
      country: country || null,
      address: addressPayload(addressLines, address),
    });
  };

  return (
    <form id="settings-form" className="form-stack" onSubmit={submit} noValidate aria-label={say(texts.formName)}>
      <FormError id="settings-error" />
      <TextField
        id="settings-current-password"
        label={say(texts.currentPassword)}
        type="password"
        autoComplete="current-password"
        required
        hint={say(texts.currentPasswordHint)}
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <fieldset className="fieldset">
        <legend>{say(texts.yourDetails)}</legend>
        <TextField id="settings-full-name" label={say(texts.fullName)} autoComplete="name" required value={fullName} onChange={setFullName} />
        <EmailField id="settings-email" value={email} onChange={setEmail} />
      </fieldset>
      <fieldset className="fieldset">
        <legend>{say(texts.changePassword)}</legend>
        <TextField
          id="settings-new-password"
          label={say(texts.newPassword)}
          type="password"
          autoComplete="new-password"
          hint={say(texts.newPasswordHint)}
          value={newPassword}
          onChange={setNewPassword}
        />
        <TextField
          id="settings-new-password-confirmation"
          label={say(texts.confirmPassword)}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
        />
      </fieldset>
      <fieldset className="fieldset" aria-describedby="settings-address-hint">
        <legend>{say(texts.defaultAddress)}</legend>
        <p id="settings-address-hint" className="field__hint">
          {say(texts.addressHint)}
        </p>
        {addressLines.map((line, index) => (
          <TextField
            key={line.text}
            id={`settings-address-${index}`}
            label={line.label ?? line.text}
            required={line.required}
            value={address[index] ?? ''}
            onChange={(value) => setAddress((current) => current.map((old, at) => (at === index ? value : old)))}
          />
        ))}
        <Dropdown
          id="settings-country"
          label={say(texts.country)}
          autoComplete="country"
          placeholder={say(texts.chooseCountry)}
          options={countries.map((option) => ({ value: option.code, label: option.name }))}
          value={country}
          onChange={setCountry}
        />
      </fieldset>
      <div className="button-row">
        <Button id="settings-submit" type="submit" loading={update.isPending}>
          {say(texts.submit)}
        </Button>
        <LogoutButton id="settings-logout" variant="secondary" />
      </div>
    </form>
  );
}

/** The address lines as update-settings takes them: keyed by the configured line's text, trimmed. */
export function addressPayload(addressLines: readonly AddressLine[], values: readonly string[]): Record<string, string> {
  return Object.fromEntries(addressLines.map((line, index) => [line.text, (values[index] ?? '').trim()]));
}
