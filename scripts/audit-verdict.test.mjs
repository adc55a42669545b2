import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit-verdict.mjs';

describe('the verdict of npm audit', () => {
  it('fails on a high or critical advisory of a production dependency, and names it', () => {
    const verdict = auditVerdict({
      metadata: { vulnerabilities: { critical: 1, high: 0, moderate: 1, low: 0 } },
      vulnerabilities: { 'bad-lib': { name: 'bad-lib', severity: 'critical', range: '<1.2.3', fixAvailable: true }, meh: { name: 'meh', severity: 'moderate' } },
    });
    expect(verdict.status).toBe('findings');
    expect(verdict.serious).toEqual(['critical: bad-lib <1.2.3 (a fix is available)']);
  });

  it('passes with only moderate or low advisories', () => {
    expect(auditVerdict({ metadata: { vulnerabilities: { moderate: 2 } }, vulnerabilities: { a: { name: 'a', severity: 'moderate' }, b: { name: 'b', severity: 'low' } } }).status).toBe('clean');
  });

  it('calls a registry that refuses the audit unavailable, never clean', () => {
    const refused = { message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', error: { summary: '', detail: '' } };
    expect(auditVerdict(refused)).toMatchObject({ status: 'unavailable', reason: refused.message });
    expect(auditVerdict(undefined).status).toBe('unavailable');
  });
});
