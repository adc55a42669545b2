import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ScanApp } from './ScanApp';
import './scan.css';
import { addAppTexts, type TextMessages } from '../lib/say';

// The scanner’s own texts beside the shop’s, in each language (lib/say.ts): chunks of this build only.
addAppTexts('scan', import.meta.glob<TextMessages>('../../../../packages/contract/lang/*.json', { query: '?texts=scan', import: 'default' }));

const container = document.getElementById('root');
if (!container) throw new Error('scan.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <ScanApp />
  </StrictMode>,
);

// Installed, the scanner opens with no network: its service worker keeps the page and its files.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/scan/sw.js', { scope: '/scan/', type: 'classic' }).catch((error: unknown) => console.warn('service worker not registered', error));
}
