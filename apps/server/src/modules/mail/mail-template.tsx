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

/** The line mail clients show after the subject, hidden in the message itself. */
export function MailPreview({ text }: { text: string }): ReactNode {
  return <Preview>{text}</Preview>;
}

/** A message's blocks in order. */
export function MailBlocks({ blocks, look }: { blocks: MailBlock[]; look: MailLook }): ReactNode {
  return blocks.map((block, index) => <Block key={index} block={block} look={look} />);
}

function Block({ block, look }: { block: MailBlock; look: MailLook }): ReactNode {
  const paragraph: CSSProperties = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: look.textColour, ...wrap };
  switch (block.kind) {
    case 'text':
      return <Text style={paragraph}>{block.text}</Text>;
    case 'note':
      return <Text style={{ ...paragraph, fontSize: '14px', lineHeight: '20px', color: '#55505e' }}>{block.text}</Text>;
    case 'code':
      return (
        <Text style={{ ...paragraph, padding: '12px 16px', background: look.backgroundColour, borderRadius: '6px', fontFamily: 'Menlo,Consolas,monospace', fontSize: '18px', fontWeight: 'bold', letterSpacing: '0.04em' }}>{block.text}</Text>
      );
    case 'details':
      return (
        <Section style={{ margin: '0 0 16px', padding: '12px 16px', background: look.backgroundColour, borderRadius: '6px' }}>
          {block.rows.map((row) => (
            <Text key={row.label} style={{ margin: '0 0 8px', fontSize: '15px', lineHeight: '22px', color: look.textColour, ...wrap }}>
              <span style={{ color: '#55505e' }}>{row.label}</span>
              <br />
              <strong style={{ fontFamily: 'Menlo,Consolas,monospace', letterSpacing: '0.02em' }}>{row.value}</strong>
            </Text>
          ))}
        </Section>
      );
    case 'links':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.items.map((item) => (
            <Section key={item.url} style={{ padding: '12px 0', borderTop: '1px solid #e4e0ea' }}>
              <Text style={{ margin: '0 0 4px', fontSize: '16px', lineHeight: '22px', fontWeight: 'bold', color: look.textColour, ...wrap }}>{item.title}</Text>
              {item.detail ? <Text style={{ margin: '0 0 8px', fontSize: '14px', lineHeight: '20px', color: '#55505e', ...wrap }}>{item.detail}</Text> : null}
              {item.image ? <Img src={item.image.url} alt={item.image.alt} width={item.image.size} height={item.image.size} style={{ display: 'block', margin: '0 0 8px', maxWidth: '100%', height: 'auto' }} /> : null}
              <Link href={item.url} style={{ fontSize: '16px', lineHeight: '24px', color: look.primaryColour, fontWeight: 'bold', textDecoration: 'underline' }}>
                {item.label}
              </Link>
            </Section>
          ))}
        </Section>
      );
    case 'button':
      return (
        <Section style={{ margin: '24px 0' }}>
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
  return (
    <Html lang={look.language} dir={look.direction}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      {preview}
      <Body style={{ margin: 0, padding: '16px 8px', background: look.backgroundColour, fontFamily: font, color: look.textColour }}>
        <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto', background: '#ffffff', borderRadius: '8px', padding: '24px 20px', boxSizing: 'border-box' }}>
          <Section style={{ margin: '0 0 24px' }}>
            {look.logoUrl ? <Img src={look.logoUrl} width={look.logoWidth} alt={look.shopName} style={{ display: 'block', height: 'auto', maxWidth: '100%', margin: '0 0 12px' }} /> : null}
            <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', margin: 0, color: look.primaryColour, ...wrap }}>
              {look.shopName}
            </Heading>
          </Section>
          <Text style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: look.textColour, ...wrap }}>{greeting}</Text>
          {blocks}
          <Text style={{ margin: '24px 0 0', fontSize: '14px', lineHeight: '20px', color: '#55505e', ...wrap }}>{look.shopName}</Text>
        </Container>
      </Body>
    </Html>
  );
}
