import path from 'node:path';
import { REPO_ROOT } from '../src/env';

export const DEMO_CATALOGUE = path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml');
export const DEMO_CONFIG = path.join(REPO_ROOT, 'config/demo-shop.json');
