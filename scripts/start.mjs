// npm start: build the web app if needed, then run the server in this process (TypeScript
// through tsx's loader), so signals reach it directly.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './ensure-web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild();
process.env.NODE_ENV ??= 'production';
// The demo shop (its own configuration, no mail server) keeps its e-mail and shows it at
// /dev/mailbox so a visitor can read their password; a shop of one's own (SHOP_CONFIG set) or
// one that sends mail (SMTP_URL set) does not get it unless DEV_MAILBOX=1 (decision 0014).
if (!process.env.SMTP_URL && !process.env.SHOP_CONFIG) process.env.DEV_MAILBOX ??= '1';

// npm relays SIGTERM to the shell it started us with, and that shell can die without passing
// it on: when our parent goes away, shut down as if we had been told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
