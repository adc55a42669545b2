// `shop/no-untranslated-text` (issue 36, decision 0093): a text a person reads is a message of the
// catalogues, never words written into a component or template. The rule finds words outside the
// catalogues where people read them:
//
// - in the web apps' JSX: text between tags, and the attributes people read or hear
//   (aria-label, title, placeholder, alt, label, aria-description);
// - in the server's e-mails and documents (`*.mail.ts`, `documents/*.ts`): a string or template
//   literal that holds a sentence (two words or more) where a text goes (an object's `text`,
//   `label`, `title`, `subject`, `greeting`, `detail` or `value`, a `text(...)` or `say(...)` call).
//
// Words that are not language pass: a code such as "IBAN" or "PDF" (one word in capitals), a
// path or an address (/staff/catalogue, info@example.org), a command in <code>, a symbol or a
// number. A justified exception is written with an eslint-disable comment and its
// reason, so a reviewer sees each one.
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description', 'aria-roledescription', 'aria-valuetext']);
const TEXT_KEYS = new Set(['text', 'label', 'title', 'subject', 'greeting', 'detail', 'heading']);
const LETTERS = /\p{L}{2,}/u;
const SENTENCE = /\p{L}{2,}[^\p{L}]+\p{L}{2,}/u;
/** A path, an address or a command's word: no space, and a slash or an at sign. */
const NOT_WORDS = /^[^\s]*[/@][^\s]*$/u;
/** Elements whose text is code, typed as it is in every language. */
const CODE_ELEMENTS = new Set(['code', 'kbd', 'samp', 'pre']);
/** One word in capitals (IBAN, BIC, PDF, QR), or nothing to read. */
const NOT_LANGUAGE = /^[\s\p{Lu}\d.:/()+\-–—•·|×%€$#*&,]*$/u;

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Texts people read come from the catalogues (docs/translations.md), not from words in the code.' },
    schema: [{ type: 'object', properties: { server: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      jsxText: 'Words outside the catalogues: "{{text}}". Declare a message (message/messageWith) and show it with say(…) (docs/translations.md).',
      attribute: 'The {{name}} "{{text}}" is read by people: declare a message and say(…) it (docs/translations.md).',
      sentence: 'A sentence outside the catalogues in an e-mail or document: "{{text}}". Declare a message and put it into words with the reader\'s words.say(…).',
    },
  },
  create(context) {
    const server = context.options[0]?.server === true;
    const short = (text) => (text.length > 40 ? `${text.slice(0, 37)}…` : text).replace(/\s+/g, ' ').trim();
    if (server) {
      const check = (node, value) => {
        const text = literalText(value);
        if (text !== null && SENTENCE.test(text)) context.report({ node: value, messageId: 'sentence', data: { text: short(text) } });
      };
      return {
        Property(node) {
          const key = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : null;
          if (key && TEXT_KEYS.has(key)) check(node, node.value);
        },
        CallExpression(node) {
          const callee = node.callee.type === 'Identifier' ? node.callee.name : node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier' ? node.callee.property.name : null;
          if (callee === 'text' || callee === 'say') for (const argument of node.arguments) check(node, argument);
        },
      };
    }
    return {
      JSXText(node) {
        const text = node.value.trim();
        const parent = node.parent?.type === 'JSXElement' ? node.parent.openingElement.name : null;
        if (parent?.type === 'JSXIdentifier' && CODE_ELEMENTS.has(parent.name)) return;
        if (LETTERS.test(text) && !NOT_LANGUAGE.test(text) && !NOT_WORDS.test(text)) context.report({ node, messageId: 'jsxText', data: { text: short(text) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text !== null && LETTERS.test(text) && !NOT_LANGUAGE.test(text)) context.report({ node, messageId: 'attribute', data: { name, text: short(text) } });
      },
    };
  },
};

export default { rules: { 'no-untranslated-text': rule } };
