import { english, messages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { emailProblem, loginProblem, missingAddressLines, registerProblem, resetPasswordProblem, settingsProblem, type SettingsInput } from './validation';

describe('the e-mail field rule (forgot password, resend tickets)', () => {
  it('asks for an address first, then for a valid one', () => {
    expect(emailProblem('')).toBe(english(messages.email.required));
    expect(emailProblem('   ')).toBe(english(messages.email.required));
    expect(emailProblem('jane@example')).toBe(english(messages.email.invalid));
    expect(emailProblem('mailto:jane@example.com')).toBe(english(messages.email.invalid));
    expect(emailProblem(' jane@example.com ')).toBeNull();
    for (const email of ['jane@example.com,eve@example.net', 'jane@example.com<eve@example.net>', '"Jane" <jane@example.com>', 'jane@example.com eve@example.net']) {
      expect(emailProblem(email), email).toBe(english(messages.email.invalid));
    }
  });
});

describe('the login rule', () => {
  it('needs both the e-mail address and the password', () => {
    expect(loginProblem({ email: '', password: '' })).toBe(english(messages.login.required));
    expect(loginProblem({ email: 'jane@example.com', password: '' })).toBe(english(messages.login.required));
    expect(loginProblem({ email: '  ', password: 'secret' })).toBe(english(messages.login.required));
    expect(loginProblem({ email: 'jane@example.com', password: 'secret' })).toBeNull();
    // One mailbox, as everywhere the shop takes an address (issue 18).
    for (const email of ['jane@example.com,eve@example.net', 'Jane <jane@example.com>', 'jane@example']) expect(loginProblem({ email, password: 'secret' }), email).toBe(english(messages.email.invalid));
  });
});

describe('the register rules, in order', () => {
  it('asks for full name and e-mail with one text, then for a valid address', () => {
    expect(registerProblem({ fullName: '', email: 'not an address' })).toBe(english(messages.register.required));
    expect(registerProblem({ fullName: 'Jane Doe', email: '' })).toBe(english(messages.register.required));
    expect(registerProblem({ fullName: 'Jane Doe', email: 'not an address' })).toBe(english(messages.email.invalid));
    expect(registerProblem({ fullName: 'Jane Doe', email: 'jane@example.com' })).toBeNull();
  });
});

describe('the reset password rules, in order', () => {
  it('asks for the new password before comparing it with the confirmation', () => {
    expect(resetPasswordProblem({ password: '', confirmation: 'other' })).toBe(english(messages.resetPassword.passwordRequired));
    expect(resetPasswordProblem({ password: 'long enough', confirmation: 'long enougH' })).toBe(english(messages.resetPassword.mismatch));
    expect(resetPasswordProblem({ password: 'long enough', confirmation: 'long enough' })).toBeNull();
  });

  it('leaves the minimum length to the server, whose text the form then shows', () => {
    expect(resetPasswordProblem({ password: 'short', confirmation: 'short' })).toBeNull();
  });
});

describe('the account settings rules, in the order of spec section 5', () => {
  const lines = [
    { text: 'Street and number', required: true },
    { text: 'Address line 2', required: false },
    { text: 'City', required: true },
  ];
  const valid: SettingsInput = {
    currentPassword: 'current secret',
    fullName: 'Jane Doe',
    email: 'jane@example.com',
    newPassword: '',
    confirmation: '',
    address: ['', '', ''],
  };
  const texts = messages.accountSettings;

  it('reports each rule only once the ones before it pass', () => {
    const steps: [Partial<SettingsInput>, string | null][] = [
      [{ currentPassword: '', fullName: '', email: '', newPassword: 'a', confirmation: 'b' }, english(texts.currentPasswordRequired)],
      [{ fullName: ' ', email: '', newPassword: 'a', confirmation: 'b' }, english(texts.fullNameRequired)],
      [{ email: '', newPassword: 'a', confirmation: 'b' }, english(texts.emailRequired)],
      [{ email: 'jane@', newPassword: 'a', confirmation: 'b' }, english(texts.emailInvalid)],
      [{ newPassword: 'a', confirmation: 'b', address: ['Main street 1', '', ''] }, english(texts.mismatch)],
      [{ address: ['Main street 1', '', ''] }, english(messages.checkout.fillOutFields(['City']))],
      [{}, null],
    ];
    for (const [change, expected] of steps) expect(settingsProblem({ ...valid, ...change }, lines)).toBe(expected);
  });

  it('compares the confirmation only when a new password is given', () => {
    expect(settingsProblem({ ...valid, newPassword: '', confirmation: 'typed by mistake' }, lines)).toBeNull();
    expect(settingsProblem({ ...valid, newPassword: 'new secret', confirmation: 'new secret' }, lines)).toBeNull();
  });

  it('lets the address stay empty, but a started one needs every required line', () => {
    expect(missingAddressLines(['', ' ', ''], lines)).toEqual([]);
    expect(missingAddressLines(['', 'Flat 2', ''], lines)).toEqual(['Street and number', 'City']);
    expect(missingAddressLines(['Main street 1', '', 'Amsterdam'], lines)).toEqual([]);
  });
});
