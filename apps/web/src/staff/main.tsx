// First: before the contract's schemas are made (see jitless.ts).
import './jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './StaffApp';
import '../app/styles/global.css';
import './staff.css';
import { addAppTexts, type TextMessages } from '../lib/say';

// The back office’s own texts beside the shop’s, in each language (lib/say.ts): chunks of this build only.
addAppTexts('staff', import.meta.glob<TextMessages>('../../../../packages/contract/lang/*.json', { query: '?texts=staff', import: 'default' }));

const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
