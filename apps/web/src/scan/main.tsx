import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ScanApp } from './ScanApp';
import './scan.css';

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
