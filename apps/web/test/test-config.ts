import { CONFIG_ELEMENT_ID } from '@festival/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** For component tests: puts the development sample configuration into the page, where getConfig reads it. */
export function installTestConfig(): void {
  if (document.getElementById(CONFIG_ELEMENT_ID)) return;
  const script = document.createElement('script');
  script.id = CONFIG_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = readFileSync(path.join(import.meta.dirname, '../dev/sample-config.json'), 'utf8');
  document.head.append(script);
}
