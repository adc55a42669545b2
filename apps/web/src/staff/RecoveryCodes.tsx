import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/ui/Button';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.recovery;

/** The ten recovery codes, shown once after the second factor is set up. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="staff-standalone staff-sign-in">
      <p className="staff-sign-in__brand">{say(staffTexts.appName)}</p>
      <section className="card form-stack" aria-labelledby="recovery-title">
        <h1 id="recovery-title" ref={heading} tabIndex={-1}>
          {say(texts.title)}
        </h1>
        <p>{say(texts.lead)}</p>
        <ol className="staff-recovery-codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <div className="button-row">
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
            }}
          >
            {say(texts.copy)}
          </Button>
          <span role="status">{copied ? say(texts.copied) : ''}</span>
        </div>
        <Button onClick={onDone} block>
          {say(texts.done)}
        </Button>
      </section>
    </main>
  );
}
