// How long the suite's layers took, printed at the end of `npm test` and of CI (.ci/run).

/** CI's hard limit is 90 minutes; past this a run is warned about loudly (decision 0049). */
export const WARN_AFTER_MS = 45 * 60_000;

export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
}

/** A layer's name in the tables: the API layers name their database engine when TEST_ENGINES chose one (CI runs one on each Node line). */
export function layerLabel(layer, engines) {
  return layer.startsWith('api') && (engines === 'postgres' || engines === 'pglite') ? `${layer} (${engines})` : layer;
}

/** One line per layer run: Node line, layer, outcome and time, then their sum (CI runs some side by side, so its whole run is shorter). */
export function layerTable(results) {
  const lines = results.map((result) => `  ${result.node.padEnd(9)} ${result.layer.padEnd(28)} ${(result.ok ? 'passed' : 'FAILED').padEnd(7)} ${formatDuration(result.ms).padStart(13)}`);
  const total = results.reduce((sum, result) => sum + result.ms, 0);
  lines.push(`  ${'sum of the layers'.padEnd(46)} ${formatDuration(total).padStart(13)}`);
  return lines.join('\n');
}

/** The warning printed when a whole run took longer than WARN_AFTER_MS; empty otherwise. */
export function slowRunWarning(ms) {
  if (ms <= WARN_AFTER_MS) return '';
  const bar = '!'.repeat(78);
  return [
    bar,
    `!!! THIS RUN TOOK ${formatDuration(ms)}: over ${formatDuration(WARN_AFTER_MS)}, half of CI's hard limit of 90 minutes.`,
    '!!! Past 90 minutes nothing lands. Find the slow layer above and bring it down (decision 0049).',
    bar,
  ].join('\n');
}
