// Set up before every unit file: in those that run in a DOM, Testing Library's findBy… queries and
// waitFor wait as long as `eventually` does (apps/web/test/waits.ts says why).
import { WAIT_MS } from './waits';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: WAIT_MS });
}
