import { describe, expect, it } from 'vitest';
import { describeMailFailure, mailServerName, missingMailRefusal } from './mail-check';

/** Decision 0059: what a shop needs to reach its customers before it opens, and a failed check in words. */
describe('the mail check at start', () => {
  it('refuses only a shop of its own under production without SMTP_URL and without the opt-out', () => {
    const own = { production: true, demoConfig: false, smtpUrl: undefined, allowNoMail: false };
    expect(missingMailRefusal(own)).toMatch(/SMTP_URL is not set.*ALLOW_NO_MAIL=1/s);
    expect(missingMailRefusal({ ...own, smtpUrl: 'smtp://mail.example.org' })).toBeNull();
    expect(missingMailRefusal({ ...own, allowNoMail: true })).toBeNull();
    expect(missingMailRefusal({ ...own, demoConfig: true })).toBeNull();
    expect(missingMailRefusal({ ...own, production: false })).toBeNull();
  });

  it('names the server by host and port, never by its password', () => {
    expect(mailServerName('smtp://shop:s3cret@mail.example.org:2525')).toBe('mail.example.org:2525');
    expect(mailServerName('smtps://shop:s3cret@mail.example.org')).toBe('mail.example.org:465');
    expect(mailServerName('smtp://mail.example.org')).toBe('mail.example.org:587');
  });

  it('says what failed: the host, its name, TLS, the sign-in, or the greeting', () => {
    expect(describeMailFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }))).toMatch(/^the host is unreachable \(ECONNREFUSED\)/);
    expect(describeMailFailure(Object.assign(new Error('getaddrinfo ENOTFOUND mail.example.invalid'), { code: 'EDNS' }))).toMatch(/^the host name is not known \(ENOTFOUND\)/);
    expect(describeMailFailure(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }))).toMatch(/^the host is unreachable: no answer within 10 s/);
    expect(describeMailFailure(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toMatch(/sent no mail server greeting/);
    expect(describeMailFailure(Object.assign(new Error('self-signed certificate'), { code: 'ESOCKET' }))).toMatch(/^the secure connection \(TLS\) failed: self-signed certificate/);
    expect(describeMailFailure(Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), { code: 'EAUTH', response: '535 5.7.8 Authentication failed' }))).toMatch(
      /^signing in failed \(authentication\).*535 5\.7\.8 Authentication failed/,
    );
    expect(describeMailFailure(Object.assign(new Error('Invalid greeting. response=554 no'), { code: 'EPROTOCOL', response: '554 no' }))).toMatch(/^the server did not greet as a mail server does.*554 no/);
  });
});
