import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import shop from './no-untranslated-text.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const rule = shop.rules['no-untranslated-text'];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('no-untranslated-text in the web apps', rule, {
  valid: [
    { code: 'const a = <p>{say(texts.title)}</p>;' },
    { code: 'const a = <p aria-label={say(texts.close)}>×</p>;' },
    { code: 'const a = <abbr title="IBAN">{iban}</abbr>;' },
    { code: 'const a = <span>{count} · {total}</span>;' },
    { code: 'const a = <img alt="" src={src} />;' },
    { code: 'const a = <input type="email" />;' },
    { code: 'const a = <dt>IBAN</dt>;' },
    { code: 'const a = <p>{say(texts.run)} <code>npm run staff -- add you@example.org</code></p>;' },
    { code: 'const a = <a href="/staff/catalogue">/staff/catalogue</a>;' },
  ],
  invalid: [
    { code: 'const a = <h1>The shop is not available</h1>;', errors: [{ messageId: 'jsxText' }] },
    { code: 'const a = <button aria-label="Close the cart">×</button>;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <input placeholder={`Your e-mail`} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <img alt="Festival logo" src={src} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <p>Tickets: {count}</p>;', errors: [{ messageId: 'jsxText' }] },
    { code: 'const a = <a href={href}>Download ticket<span> {code}</span></a>;', errors: [{ messageId: 'jsxText' }] },
    { code: 'const a = <span className="visually-hidden"> of ticket {code}</span>;', errors: [{ messageId: 'jsxText' }] },
    { code: 'const a = <dt>Account holder</dt>;', errors: [{ messageId: 'jsxText' }] },
  ],
});

tester.run('no-untranslated-text in e-mails and documents', rule, {
  valid: [
    { code: "const block = { kind: 'text', text: say(texts.download) };", options: [{ server: true }] },
    { code: "const row = { label: 'IBAN', value: bank.iban };", options: [{ server: true }] },
    { code: "text(ticket.code, { size: 22 });", options: [{ server: true }] },
    { code: "const mail = { subject: words.say(texts.subject({ code })) };", options: [{ server: true }] },
  ],
  invalid: [
    { code: "const block = { kind: 'text', text: 'Your tickets: download each one.' };", options: [{ server: true }], errors: [{ messageId: 'sentence' }] },
    { code: 'const mail = { subject: `Your order ${code} at ${name}` };', options: [{ server: true }], errors: [{ messageId: 'sentence' }] },
    { code: "text('Ticket holder', { size: 10 });", options: [{ server: true }], errors: [{ messageId: 'sentence' }] },
  ],
});
