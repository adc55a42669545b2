import { CATALOGUE_SECTIONS, type CatalogueDiff, type CatalogueDiffSection, type CatalogueFieldChange, type CatalogueSection } from '@festival/contract';
import type { CatalogueFile } from './catalogue-file';

/**
 * What an import changed, from the live catalogue read before it and after it (decision 0095): per
 * section, by each entry's key, the entries added, the fields changed (as the file names them,
 * with the live value and the new one), the check-in lists and on-sales switched off, and how many
 * entries stayed as they were. Both catalogues come from `readLiveCatalogue`, so a field counts as
 * changed only when the shop's state changed, whatever the file's spelling.
 */

/** An entry's key within its section (docs/catalogue.md, "Matching by code"). */
const keyOf = (section: CatalogueSection, entry: Record<string, unknown>): string => String(section === 'shipping_rates' ? entry.country : entry.code);

/** A value's text at most this long: a description can be long, and a diff lists many. */
export const DIFF_VALUE_MAX = 300;

export interface DiffOptions {
  /** Entries of a kind listed per section; the counts are always whole (default: all). */
  listAtMost?: number;
}

/** The fields of an entry as paths (refund.fee, translations.de.name) with their values; lists and texts are values whole. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined && value !== null) {
    into.set(prefix, value);
  }
  return into;
}

/** A value as the diff shows it: texts as they are, anything else as JSON; null for none. */
function valueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length <= DIFF_VALUE_MAX ? text : `${text.slice(0, DIFF_VALUE_MAX - 1)}…`;
}

/** The fields that differ between an entry as it was and as it is. */
export function changedFields(before: object, after: object): CatalogueFieldChange[] {
  const was = leaves(before, '', new Map());
  const is = leaves(after, '', new Map());
  const fields = [...new Set([...was.keys(), ...is.keys()])];
  return fields
    .filter((field) => JSON.stringify(was.get(field)) !== JSON.stringify(is.get(field)))
    .map((field) => ({ field, live: valueText(was.get(field)), file: valueText(is.get(field)) }));
}

export function diffCatalogues(before: CatalogueFile, after: CatalogueFile, options: DiffOptions = {}): CatalogueDiff['sections'] {
  const most = options.listAtMost ?? Infinity;
  return CATALOGUE_SECTIONS.map((section): CatalogueDiffSection => {
    const was = new Map((before[section] as Record<string, unknown>[]).map((entry) => [keyOf(section, entry), entry]));
    const is = new Map((after[section] as Record<string, unknown>[]).map((entry) => [keyOf(section, entry), entry]));
    const added: string[] = [];
    const changed: CatalogueDiffSection['changed'] = [];
    let unchanged = 0;
    for (const [key, entry] of is) {
      const old = was.get(key);
      if (!old) {
        added.push(key);
        continue;
      }
      const fields = changedFields(old, entry);
      if (fields.length) changed.push({ code: key, fields });
      else unchanged += 1;
    }
    const switchedOff = [...was.keys()].filter((key) => !is.has(key));
    return {
      section,
      added: added.slice(0, most),
      added_count: added.length,
      changed: changed.slice(0, most),
      changed_count: changed.length,
      switched_off: switchedOff.slice(0, most),
      switched_off_count: switchedOff.length,
      unchanged,
    };
  });
}

/** Whether the import changes anything in the catalogue (back-office marks aside). */
export const changesAnything = (sections: CatalogueDiff['sections']) => sections.some((section) => section.added_count + section.changed_count + section.switched_off_count > 0);

/** The diff as lines of text, for the organiser's command (values are the caller's to make visible). */
export function diffLines(diff: CatalogueDiff): string[] {
  const lines: string[] = [];
  for (const section of diff.sections) {
    const total = section.added_count + section.changed_count + section.switched_off_count + section.unchanged;
    if (!total) continue;
    const parts = [`${section.added_count} added`, `${section.changed_count} changed`];
    if (section.switched_off_count) parts.push(`${section.switched_off_count} switched off`);
    parts.push(`${section.unchanged} unchanged`);
    lines.push(`  ${section.section}: ${parts.join(', ')}`);
    if (section.added_count) lines.push(`    added: ${section.added.join(', ')}${section.added_count > section.added.length ? ` and ${section.added_count - section.added.length} more` : ''}`);
    for (const entry of section.changed) {
      lines.push(`    changed ${entry.code}:`);
      for (const field of entry.fields) lines.push(`      ${field.field}: ${field.live ?? 'none'} → ${field.file ?? 'none'}`);
    }
    if (section.changed_count > section.changed.length) lines.push(`    and ${section.changed_count - section.changed.length} more changed`);
    if (section.switched_off_count) lines.push(`    switched off: ${section.switched_off.join(', ')}${section.switched_off_count > section.switched_off.length ? ` and ${section.switched_off_count - section.switched_off.length} more` : ''}`);
  }
  if (diff.handed_back_count) {
    lines.push(`  ${diff.handed_back_count} fields changed in the back office are the file's again (the file now says the same):`);
    for (const entry of diff.handed_back) lines.push(`    ${entry.code} ${entry.field}`);
    if (diff.handed_back_count > diff.handed_back.length) lines.push(`    and ${diff.handed_back_count - diff.handed_back.length} more`);
  }
  return lines;
}
