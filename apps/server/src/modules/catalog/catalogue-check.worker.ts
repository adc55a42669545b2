import { parentPort } from 'node:worker_threads';
import { CatalogueError, problemField, parseCatalogueText } from './catalogue-import';
import type { CheckAnswer, CheckJob } from './catalogue-checker';

/**
 * The catalogue checker's thread (decision 0053): reads and validates an uploaded file here, so a
 * file of tens of thousands of broken entries costs this thread seconds, never the shop's event loop.
 */
parentPort!.on('message', (job: CheckJob) => {
  parentPort!.postMessage(answer(job));
});

function answer(job: CheckJob): CheckAnswer {
  try {
    const { catalogue, lineOf } = parseCatalogueText(job.text, job.file, { locateAtMost: job.locateAtMost, languages: job.languages });
    if (job.kind === 'lines') return { kind: 'lines', lines: job.paths.map((path) => lineOf(path) ?? null) };
    return { kind: 'valid', catalogue };
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    if (job.kind === 'lines') return { kind: 'lines', lines: job.paths.map(() => null) };
    return { kind: 'problems', problems: error.entries.map((entry) => ({ line: entry.line, field: problemField(entry), message: entry.message })), more: error.more };
  }
}
