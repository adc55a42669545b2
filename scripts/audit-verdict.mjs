/**
 * What `npm audit --omit=dev --json` said, as a verdict: `unavailable` when no advisory source
 * answered (the report is npm's error, not an audit), `findings` when a production dependency
 * has a high or critical advisory, otherwise `clean`.
 */
export function auditVerdict(report) {
  if (!report || typeof report !== 'object' || !report.metadata) {
    const reason = report?.error?.summary || report?.message || 'no answer';
    return { status: 'unavailable', reason, serious: [] };
  }
  const serious = Object.values(report.vulnerabilities ?? {})
    .filter((entry) => entry.severity === 'high' || entry.severity === 'critical')
    .map((entry) => `${entry.severity}: ${entry.name} ${entry.range ?? ''} (${entry.fixAvailable ? 'a fix is available' : 'no fix yet'})`);
  return { status: serious.length ? 'findings' : 'clean', counts: report.metadata.vulnerabilities ?? {}, serious };
}
