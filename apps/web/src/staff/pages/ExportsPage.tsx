import { EXPORT_KINDS, type ExportKind } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Dropdown } from '../../components/ui/Dropdown';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { staffCall } from '../api';
import { downloadFile } from '../download-file';
import { staffTexts } from '../texts';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

type Format = 'csv' | 'json';
const FORMATS: readonly Format[] = ['csv', 'json'];
const texts = staffTexts.exports;

/** One choice of a group: a radio button with its name and what it holds, the whole card its target. */
function Choice<Value extends string>({ name, value, checked, label, holds, onChange }: { name: string; value: Value; checked: boolean; label: string; holds: string; onChange: (value: Value) => void }) {
  const id = `staff-exports-${name}-${value}`;
  return (
    <div className="staff-exports-choice">
      <input type="radio" id={id} name={name} value={value} checked={checked} onChange={() => onChange(value)} aria-describedby={`${id}-holds`} />
      <label htmlFor={id}>
        <span className="staff-exports-choice__label">{label}</span>
        <span id={`${id}-holds`} className="staff-exports-choice__holds">
          {holds}
        </span>
      </label>
    </div>
  );
}

/** The exports (issue 22 point 7): orders, attendees or check-ins, of one event or all, as CSV or JSON, downloaded as a file. */
export default function ExportsPage() {
  const [what, setWhat] = useState<ExportKind>('attendees');
  const [format, setFormat] = useState<Format>('csv');
  const [event, setEvent] = useState('');
  // The shop's events come with the dashboard's answer (the one staff call that lists them); without it, the code is typed.
  const events = useQuery({ queryKey: ['dashboard', 'events'], queryFn: () => staffCall('dashboard', {}), select: (answer) => answer.events, retry: false });
  const exporting = useStaffAction({
    run: (input: { what: ExportKind; format: Format; event: string }) => staffCall('staff-export', { what: input.what, format: input.format, ...(input.event.trim() ? { event: input.event.trim() } : {}) }),
    done: (answer) => {
      downloadFile(answer);
      return texts.downloaded(answer.filename);
    },
  });
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    exporting.mutate({ what, format, event });
  };
  const eventError = exporting.fieldError('event');

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)}>
      <form className="card form-stack staff-exports-form" onSubmit={submit} noValidate aria-busy={exporting.isPending || undefined}>
        {exporting.message && (
          <div className="alert alert--danger" role="alert">
            {exporting.message}
          </div>
        )}
        <fieldset className="fieldset">
          <legend>{say(texts.what)}</legend>
          <div className="staff-exports-choices">
            {EXPORT_KINDS.map((kind) => (
              <Choice key={kind} name="what" value={kind} checked={what === kind} label={say(texts.kinds[kind].label)} holds={say(texts.kinds[kind].holds)} onChange={setWhat} />
            ))}
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{say(texts.format)}</legend>
          <div className="staff-exports-choices staff-exports-choices--two">
            {FORMATS.map((kind) => (
              <Choice key={kind} name="format" value={kind} checked={format === kind} label={say(texts.formats[kind].label)} holds={say(texts.formats[kind].holds)} onChange={setFormat} />
            ))}
          </div>
        </fieldset>
        <div className="staff-exports-event">
          {!events.isError ? (
            <Dropdown
              label={say(texts.event)}
              options={[{ value: '', label: say(texts.allEvents) }, ...(events.data ?? []).map((option) => ({ value: option.code, label: option.name }))]}
              value={event}
              onChange={setEvent}
              disabled={events.isPending}
              hint={eventError}
            />
          ) : (
            <TextField
              label={say(texts.eventCode)}
              value={event}
              onChange={setEvent}
              spellCheck={false}
              autoComplete="off"
              hint={eventError ?? say(texts.eventCodeHint)}
              aria-invalid={eventError ? true : undefined}
            />
          )}
        </div>
        <div className="button-row">
          <Button type="submit" loading={exporting.isPending}>
            {say(texts.download)}
          </Button>
        </div>
      </form>
    </Page>
  );
}
