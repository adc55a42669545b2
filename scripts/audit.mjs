// The dependency check of CI (issue 10, point 6): `npm audit --omit=dev`, failing on a high or
// critical advisory of anything the shop runs in production. When no advisory source answers
// (a registry mirror without the audit endpoint, no network), it says so plainly and, unless
// AUDIT_REQUIRED=1, lets the run go on: no answer is not a clean bill of health, and the notice
// says that too.
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './audit-verdict.mjs';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: process.platform === 'win32' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { message: (run.stderr || run.stdout || 'no answer').trim().split('\n').pop() };
}

const verdict = auditVerdict(report);
if (verdict.status === 'unavailable') {
  console.warn(`[audit] NOT CHECKED: no advisory source answered (${verdict.reason}).`);
  console.warn('[audit] The production dependencies were not audited in this run; run `npm run audit` where the npm registry answers.');
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}
const { counts } = verdict;
console.log(`[audit] production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`);
for (const line of verdict.serious) console.error(`[audit] ${line}`);
process.exit(verdict.status === 'findings' ? 1 : 0);
