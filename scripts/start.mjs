// npm start: build the web app if needed, then run the server in this process (TypeScript
// through tsx's loader), so signals reach it directly.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './ensure-web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild();
process.env.NODE_ENV ??= 'production';

// npm relays SIGTERM to the shell it started us with, and that shell can die without passing
// it on: when our parent goes away, shut down as if we had been told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
