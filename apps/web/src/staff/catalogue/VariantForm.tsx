import { directionOf, LOCALE_NAMES, type CatalogueItemView, type Shown } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { pageLanguages } from '../../lib/app-languages';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import { FormDialog } from '../FormDialog';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { useStaffAction } from '../use-staff-action';
import { emptyVariantForm, prepareVariant, variantTexts as t, type VariantForm } from './variant-form';

const OVERVIEW_KEY = ['catalogue-overview'] as const;
const RELOAD = [OVERVIEW_KEY, ['staff-audit'], ['dashboard'], ['box-office-items']] as const;

/**
 * "Add variant" on a merchandise item (decision 0104): a size or colour with its own code, label
 * and stock (`catalogue-add-variant`). The catalogue page reloads with the new variant under its
 * group; its stock and on/off sale are then changed with the item editor, as any item's.
 */
export function AddVariant({ group }: { group: Pick<CatalogueItemView, 'code' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const openerId = `staff-cat-add-variant-${group.code}`;
  // The focus goes back to the button that opened the dialog.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
  };
  return (
    <>
      <Button id={openerId} size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={say(t.addLabel({ name: group.name }))}>
        {say(t.add)}
      </Button>
      {open && <VariantDialog group={group} onClose={close} />}
    </>
  );
}

function VariantDialog({ group, onClose }: { group: Pick<CatalogueItemView, 'code' | 'name'>; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const client = useQueryClient();
  const [form, setForm] = useState<VariantForm>(emptyVariantForm);
  const [local, setLocal] = useState<Partial<Record<string, Shown>>>({});
  // The shop's other languages: a label in each (decision 0104).
  const [others] = useState(() => pageLanguages().slice(1));
  const [tried, setTried] = useState(0);
  const add = useStaffAction({
    run: (payload: Parameters<typeof staffCall<'catalogue-add-variant'>>[1]) => staffCall('catalogue-add-variant', payload),
    done: (answer) => {
      void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
      onClose();
      return answer.message;
    },
    reload: RELOAD,
  });
  useFocusOnRefusal(formRef, tried, add.errors);
  const problemOf = (field: string): string | undefined => {
    const mine = local[field];
    const shop = field.startsWith('labels.') ? (add.fieldError(`variant.translations.${field.slice('labels.'.length)}.label`) ?? add.fieldError(`variant.translations.${field.slice('labels.'.length)}`)) : add.fieldError(`variant.${field}`);
    return mine ? say(mine) : shop;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried((count) => count + 1);
    const prepared = prepareVariant(group.code, form);
    if ('problems' in prepared) {
      setLocal(prepared.problems);
      return;
    }
    setLocal({});
    add.mutate(prepared.payload);
  };
  const field = (key: 'code' | 'label' | 'stock', extra: { hint: string; inputMode?: 'numeric'; required?: boolean }) => {
    const problem = problemOf(key);
    return (
      <TextField
        id={`${id}-${key}`}
        label={say(t[key])}
        value={form[key]}
        onChange={(value) => {
          setForm((current) => ({ ...current, [key]: value }));
          setLocal((current) => ({ ...current, [key]: undefined }));
        }}
        inputMode={extra.inputMode}
        required={extra.required}
        autoComplete="off"
        hint={problem ?? extra.hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  // A refusal said at a field is not said again above the form.
  const atField = Object.keys(add.errors).some((key) => key.startsWith('variant.'));
  return (
    <FormDialog
      id={`${id}-dialog`}
      formId={`${id}-form`}
      formRef={formRef}
      title={say(t.addLabel({ name: group.name }))}
      labels={{ close: t.close, save: t.save }}
      pending={add.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={atField ? null : add.message}
    >
      {field('code', { hint: say(t.codeHint), required: true })}
      {field('label', { hint: say(t.labelHint), required: true })}
      {others.map((language) => {
        const key = `labels.${language}`;
        const problem = problemOf(key);
        return (
          <TextField
            key={language}
            id={`${id}-label-${language}`}
            label={say(t.labelIn({ language: LOCALE_NAMES[language] }))}
            value={form.labels?.[language] ?? ''}
            onChange={(value) => {
              setForm((current) => ({ ...current, labels: { ...current.labels, [language]: value } }));
              setLocal((current) => ({ ...current, [key]: undefined }));
            }}
            lang={language}
            // Each language's label is written in its own direction, whatever the page's (Arabic right to left in an English page).
            dir={directionOf(language)}
            autoComplete="off"
            hint={problem ?? say(t.labelInHint)}
            aria-invalid={problem ? true : undefined}
            className={problem ? 'staff-cat-field--invalid' : undefined}
          />
        );
      })}
      {field('stock', { hint: say(t.stockHint), inputMode: 'numeric' })}
    </FormDialog>
  );
}
