import { describe, expect, it } from 'vitest';
import { changeLines } from './audit-changes';

describe('what an audit entry changed', () => {
  it('lists the fields that differ, before and after', () => {
    expect(changeLines({ role: 'box_office', name: 'Bram', disabledAt: null }, { role: 'admin', name: 'Bram', disabledAt: '2026-11-24T10:00:00.000Z' })).toEqual([
      'role: box_office → admin',
      'disabledAt: – → 2026-11-24T10:00:00.000Z',
    ]);
  });
  it('says what was created or removed, and shows plain values and nested records as they are', () => {
    expect(changeLines(null, { email: 'a@example.org', codes: [1, 2] })).toEqual(['created', 'email: a@example.org', 'codes: [1,2]']);
    expect(changeLines({ email: 'a@example.org' }, null)).toEqual(['removed']);
    expect(changeLines(3, 4)).toEqual(['3 → 4']);
    expect(changeLines(null, null)).toEqual([]);
    expect(changeLines({ a: 1 }, { a: 1 })).toEqual([]);
  });
  it('shows an attack entry as the attempts so far in its quarter of an hour', () => {
    expect(changeLines(null, { attempts: 100, since: '2027-06-01T08:00:00.000Z' })).toEqual(['100 attempts in the quarter of an hour from 2027-06-01T08:00:00.000Z']);
    expect(changeLines(null, { attempts: 1, since: '2027-06-01T08:00:00.000Z' })).toEqual(['1 attempt in the quarter of an hour from 2027-06-01T08:00:00.000Z']);
  });
});
