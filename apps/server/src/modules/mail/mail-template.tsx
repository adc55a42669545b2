/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The server runs through tsx (npm start, the organiser commands), which reads no tsconfig.json at
// the repository root: without these pragmas it compiles JSX to React.createElement, and every
// mail failed with "React is not defined" outside the tests.
// Each component from its own package: the umbrella @react-email/components also loads a code
// block with every Prism language and Tailwind, half a second of every process's start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

/** What a message says, in blocks the HTML and the text part both render (mail/compose.ts). */
export type MailBlock =
  /** A paragraph. */
  | { kind: 'text'; text: string }
  /** One value to copy, such as a password: alone on its line. */
  | { kind: 'code'; text: string }
  /** Labelled values to copy, such as bank details: each on its own line. */
  | { kind: 'details'; rows: { label: string; value: string }[] }
  /** Documents to download, such as tickets: each a short titled line with its own link. */
  | { kind: 'links'; items: { title: string; detail?: string | undefined; label: string; url: string; /** A picture shown above the link in HTML (a ticket's QR code); the text part leaves it out. */ image?: { url: string; alt: string; size: number } | undefined }[] }
  /** The one thing to do next. */
  | { kind: 'button'; label: string; url: string }
  /** Small print after the rest. */
  | { kind: 'note'; text: string };

/** The shop's look in e-mails (configuration `brand`), with the logo as an absolute address. */
export interface MailLook {
  shopName: string;
  /** The reader's language and its direction: the message's `lang` and `dir`. */
  language: string;
  direction: 'ltr' | 'rtl';
  /** Absolute URL of the logo under publicBaseUrl, or null for the name alone. */
  logoUrl: string | null;
  logoWidth: number;
  primaryColour: string;
  onPrimaryColour: string;
  backgroundColour: string;
  textColour: string;
}

export interface MailTemplateProps {
  look: MailLook;
  /** The line mail clients show after the subject (MailPreview). */
  preview: ReactNode;
  /** The greeting's text. */
  greeting: ReactNode;
  /** The message's blocks (MailBlocks). */
  blocks: ReactNode;
}

// Mail clients ignore style sheets and media queries in part (Gmail, Outlook): every style is
// inline, the layout is one column that narrows with the screen (max-width, no fixed widths),
// and long words (addresses, IBANs, names) may break rather than push the card wider.
const font = 'Arial,Helvetica,sans-serif';
const wrap: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };

/**
 * Right to left (an Arabic message): every block says its alignment itself, to the right, since
 * clients drop the `<html dir>` (Gmail keeps neither html nor body attributes) and Outlook's
 * engine does not know `text-align: start`; a left-to-right message keeps its styles as they were.
 */
const aligned = (look: MailLook): CSSProperties => (look.direction === 'rtl' ? { textAlign: 'right' } : {});
/** `dir` on the blocks that hold text, for a right-to-left message only (clients that drop the html's keep these). */
const dirOf = (look: MailLook) => (look.direction === 'rtl' ? { dir: 'rtl' } : {});

/**
 * Where a value starts and ends in a text (compose.ts): a value that reads left to right (a code,
 * an order number) between Unicode's left-to-right isolate and its end; a value in its own
 * direction (a name or an address someone typed, Latin or Arabic) between the first-strong
 * isolate and its end.
 */
export const LTR_START = '\u2066';
export const OWN_START = '\u2068';
export const VALUE_END = '\u2069';
const VALUE = /([\u2066\u2068])([^\u2066\u2068\u2069]*)\u2069/g;

/**
 * A text of a message, where each marked value is a `<span dir="ltr">` (a code) or a
 * `<span dir="auto">` (a name, an address): it keeps its order inside a right-to-left sentence,
 * and the sentence its own around it, in every client that knows `dir` (HTML isolates an element
 * with `dir`). A text without marks is the text itself (the same bytes as before).
 */
export function Said({ text }: { text: string }): ReactNode {
  if (!text.includes(LTR_START) && !text.includes(OWN_START)) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(VALUE)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} dir={match[1] === LTR_START ? 'ltr' : 'auto'}>
        {match[2]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The line mail clients show after the subject, hidden in the message itself. */
export function MailPreview({ text }: { text: string }): ReactNode {
  return <Preview>{text}</Preview>;
}

/** A message's blocks in order. */
export function MailBlocks({ blocks, look }: { blocks: MailBlock[]; look: MailLook }): ReactNode {
  return blocks.map((block, index) => <Block key={index} block={block} look={look} />);
}

function Block({ block, look }: { block: MailBlock; look: MailLook }): ReactNode {
  const align = aligned(look);
  const paragraph: CSSProperties = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: look.textColour, ...wrap, ...align };
  switch (block.kind) {
    case 'text':
      return (
        <Text style={paragraph}>
          <Said text={block.text} />
        </Text>
      );
    case 'note':
      return (
        <Text style={{ ...paragraph, fontSize: '14px', lineHeight: '20px', color: '#55505e' }}>
          <Said text={block.text} />
        </Text>
      );
    case 'code':
      // A value to copy reads left to right in every message; at the start of the line.
      return (
        <Text
          {...(look.direction === 'rtl' ? { dir: 'ltr' } : {})}
          style={{ ...paragraph, padding: '12px 16px', background: look.backgroundColour, borderRadius: '6px', fontFamily: 'Menlo,Consolas,monospace', fontSize: '18px', fontWeight: 'bold', letterSpacing: '0.04em' }}
        >
          {block.text}
        </Text>
      );
    case 'details':
      // Each label above its value, both at the start of the line; a value takes the direction of
      // its own first letter (an IBAN or a code left to right, an Arabic name right to left).
      return (
        <Section {...dirOf(look)} style={{ margin: '0 0 16px', padding: '12px 16px', background: look.backgroundColour, borderRadius: '6px' }}>
          {block.rows.map((row) => (
            <Text key={row.label} style={{ margin: '0 0 8px', fontSize: '15px', lineHeight: '22px', color: look.textColour, ...wrap, ...align }}>
              <span style={{ color: '#55505e' }}>{row.label}</span>
              <br />
              <strong {...(look.direction === 'rtl' ? { dir: 'auto' } : {})} style={{ fontFamily: 'Menlo,Consolas,monospace', letterSpacing: '0.02em' }}>
                <Said text={row.value} />
              </strong>
            </Text>
          ))}
        </Section>
      );
    case 'links':
      return (
        <Section {...dirOf(look)} style={{ margin: '0 0 16px' }}>
          {block.items.map((item) => (
            <Section key={item.url} style={{ padding: '12px 0', borderTop: '1px solid #e4e0ea', ...align }}>
              <Text style={{ margin: '0 0 4px', fontSize: '16px', lineHeight: '22px', fontWeight: 'bold', color: look.textColour, ...wrap, ...align }}>
                <Said text={item.title} />
              </Text>
              {item.detail ? (
                <Text style={{ margin: '0 0 8px', fontSize: '14px', lineHeight: '20px', color: '#55505e', ...wrap, ...align }}>
                  <Said text={item.detail} />
                </Text>
              ) : null}
              {item.image ? <Img src={item.image.url} alt={item.image.alt} width={item.image.size} height={item.image.size} style={{ display: 'block', margin: '0 0 8px', maxWidth: '100%', height: 'auto' }} /> : null}
              <Link href={item.url} style={{ fontSize: '16px', lineHeight: '24px', color: look.primaryColour, fontWeight: 'bold', textDecoration: 'underline' }}>
                {item.label}
              </Link>
            </Section>
          ))}
        </Section>
      );
    case 'button':
      // At the start of the line: on the right in a right-to-left message.
      return (
        <Section {...dirOf(look)} style={{ margin: '24px 0', ...align }}>
          <Button
            href={block.url}
            style={{ background: look.primaryColour, color: look.onPrimaryColour, padding: '12px 20px', borderRadius: '6px', fontSize: '16px', lineHeight: '24px', fontWeight: 'bold', textDecoration: 'none', maxWidth: '100%', boxSizing: 'border-box', ...wrap }}
          >
            {block.label}
          </Button>
        </Section>
      );
  }
}

/**
 * One layout for every message of the shop: logo or name, greeting, the blocks, the shop's name.
 * Its parts that vary per message come as nodes, so the frame can be rendered once per look with
 * markers in their place (mail/compose.ts).
 */
export function MailTemplate({ look, preview, greeting, blocks }: MailTemplateProps): ReactNode {
  const align = aligned(look);
  return (
    <Html lang={look.language} dir={look.direction}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      {preview}
      <Body {...dirOf(look)} style={{ margin: 0, padding: '16px 8px', background: look.backgroundColour, fontFamily: font, color: look.textColour, ...align }}>
        <Container {...dirOf(look)} style={{ maxWidth: '560px', width: '100%', margin: '0 auto', background: '#ffffff', borderRadius: '8px', padding: '24px 20px', boxSizing: 'border-box', ...align }}>
          <Section style={{ margin: '0 0 24px', ...align }}>
            {look.logoUrl ? <Img src={look.logoUrl} width={look.logoWidth} alt={look.shopName} style={{ display: 'block', height: 'auto', maxWidth: '100%', margin: '0 0 12px' }} /> : null}
            <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', margin: 0, color: look.primaryColour, ...wrap, ...align }}>
              {look.shopName}
            </Heading>
          </Section>
          <Text style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: look.textColour, ...wrap, ...align }}>{greeting}</Text>
          {blocks}
          <Text style={{ margin: '24px 0 0', fontSize: '14px', lineHeight: '20px', color: '#55505e', ...wrap, ...align }}>{look.shopName}</Text>
        </Container>
      </Body>
    </Html>
  );
}
