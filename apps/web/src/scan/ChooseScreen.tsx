import { useState, type FormEvent } from 'react';
import { say } from '../lib/say';
import { unlockSound } from './feedback';
import { scanTexts } from './scan.messages';
import type { ListSummary, ScanChoice } from './storage';
import LanguageSwitcher from '../components/ui/LanguageSwitcher';
import { offeredLanguages } from '../lib/language';

/** A list's gates, or the list's own name for a list that names none (any gate is one). */
export const gatesOf = (list: ListSummary) => (list.gates.length ? list.gates : [list.name]);

/** Which list this device checks in to, and at which gate: big choices, one thumb. */
export function ChooseScreen(props: { scanner: string | null; lists: ListSummary[]; initial: ScanChoice | null; onChoose: (choice: ScanChoice) => void; onSignOut: () => void }) {
  const { lists } = props;
  const [listCode, setListCode] = useState(() => (lists.some((list) => list.code === props.initial?.list.code) ? props.initial!.list.code : (lists[0]?.code ?? '')));
  const list = lists.find((entry) => entry.code === listCode);
  const [gate, setGate] = useState(() => props.initial?.gate ?? '');
  const gates = list ? gatesOf(list) : [];
  const chosenGate = gates.includes(gate) ? gate : (gates[0] ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    unlockSound();
    if (!list || !chosenGate) return;
    props.onChoose({ list, gate: chosenGate, direction: props.initial?.list.code === list.code ? props.initial.direction : 'in' });
  };

  return (
    <>
      <header className="scan-bar">
        <span className="scan-bar-title">{say(scanTexts.appName)}</span>
        {props.scanner && <span className="scan-bar-who">{say(scanTexts.scan.signedInAs({ name: props.scanner }))}</span>}
        {offeredLanguages().length > 1 && <LanguageSwitcher />}
      </header>
      <main className="scan-main scan-narrow">
        <h1>{say(scanTexts.choose.title)}</h1>
        {lists.length === 0 ? (
          <p className="scan-error">{say(scanTexts.choose.noLists)}</p>
        ) : (
          <form onSubmit={submit}>
            <fieldset className="scan-choices">
              <legend>{say(scanTexts.choose.list)}</legend>
              {lists.map((entry) => (
                <label key={entry.code} className="scan-choice">
                  <input type="radio" name="list" value={entry.code} checked={entry.code === listCode} onChange={() => setListCode(entry.code)} />
                  <span>
                    <strong>{entry.name}</strong>
                    <span className="scan-choice-note">{entry.event}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {list && (
              <fieldset className="scan-choices">
                <legend>{say(scanTexts.choose.gate)}</legend>
                {gates.map((name) => (
                  <label key={name} className="scan-choice">
                    <input type="radio" name="gate" value={name} checked={name === chosenGate} onChange={() => setGate(name)} />
                    <span>
                      <strong>{name}</strong>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <button type="submit" className="scan-button scan-primary">
              {say(scanTexts.choose.start)}
            </button>
          </form>
        )}
        <button type="button" className="scan-button scan-secondary" onClick={props.onSignOut}>
          {say(scanTexts.scan.signOut)}
        </button>
      </main>
    </>
  );
}
