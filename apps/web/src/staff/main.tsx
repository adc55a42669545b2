// First: before the contract's schemas are made (see jitless.ts).
import './jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './StaffApp';
import '../app/styles/global.css';
import './staff.css';

const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
