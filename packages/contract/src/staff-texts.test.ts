import { describe, expect, it } from 'vitest';
import { STAFF_API_PATHS, staffApi } from './api';
// zod's own issues (a missing field, a wrong type) are the shop's field messages too (fieldErrorText).
import './field-errors';
import { textOfIssueMessage } from './i18n/text';

/** Values that break every kind of field: missing, empty, blank, overlong, of another type. */
const PROBES: unknown[] = [undefined, null, '', ' ', 'x'.repeat(5_000), -1, 1.5, 2 ** 40, 0, true, [], {}, 'not-an-option'];

/** Every issue a schema raises for a payload of `{}` and for each probe in each of its top-level fields (a well-formed one's fields: a probe of `{}`'s issues). */
function issuesOf(path: (typeof STAFF_API_PATHS)[number]) {
  const schema = staffApi[path].payload;
  const issues: { path: string; field: string; message: string }[] = [];
  const collect = (payload: unknown, field: string) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) for (const issue of parsed.error.issues) issues.push({ path, field, message: issue.message });
  };
  collect({}, '{}');
  const fields = new Set([...Object.keys((schema as { shape?: object }).shape ?? {}), 'email', 'password', 'code', 'token', 'current_password', 'new_password', 'name', 'role', 'id', 'action', 'before_id', 'target', 'event', 'query', 'what', 'amount', 'tickets', 'merchandise', 'note', 'override', 'override_reason', 'refund_id', 'ticket', 'full_name', 'transport_time_id', 'pay_by', 'list', 'gate', 'text', 'since', 'scans']);
  for (const field of fields) for (const probe of PROBES) collect({ [field]: probe }, field);
  return issues;
}

/** Every staff call's schema is held to the catalogues (decision 0093). */
describe('the staff schemas’ refusals', () => {
  it.each(STAFF_API_PATHS)('%s: every issue of its schema is a message of the catalogues, said in the reader’s language', (path) => {
    const issues = issuesOf(path);
    const unsaid = issues.filter((issue) => textOfIssueMessage(issue.message) === undefined);
    expect(unsaid.map(({ field, message }) => `${field}: ${message}`)).toEqual([]);
  });
});
