import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database while the shop runs (issue 38 point 6, decision 0118).
 *
 * PGlite belongs to one process, so the process that holds the data folder writes the copy: the
 * running shop, asked through a Unix socket beside the folder (`pglite.sock`, readable by its own
 * user only), or the backup command itself when no shop holds it. The copy is taken with every
 * other transaction waiting (PGlite's transaction lock), after a CHECKPOINT, so it is one
 * committed state of the whole database: a gzipped tar of the data folder, which `restore`
 * brings back into an empty folder.
 */

/** The socket a process holding `dataDir` answers backup requests on. */
export const backupSocketOf = (dataDir: string) => `${dataDir}.sock`;

/** One line of JSON each way. */
type Request = { backup: string };
type Answer = { ok: true; bytes: number } | { ok: false; error: string };

/** Writes the database's copy to `file` (a new file: never over another), atomically. */
export async function writeBackup(client: PGlite, file: string): Promise<{ bytes: number }> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file.`);
  mkdirSync(path.dirname(target), { recursive: true });
  let dump: Blob | undefined;
  // No other transaction or statement runs meanwhile: the copy is one committed state.
  await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    dump = await client.dumpDataDir('gzip');
  });
  const bytes = Buffer.from(await dump!.arrayBuffer());
  const partial = `${target}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600, flag: 'w' });
  renameSync(partial, target);
  return { bytes: bytes.length };
}

/**
 * Answers backup requests on the folder's socket for as long as this process holds it; the
 * returned function stops. A socket left by a process that is gone is replaced (the folder's pid
 * lock already says no live process holds it).
 */
export function serveBackups(client: PGlite, dataDir: string): () => Promise<void> {
  const socket = backupSocketOf(dataDir);
  rmSync(socket, { force: true });
  const server = net.createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      received += chunk;
      // One request of a path: nothing longer is read.
      if (received.length > 8192) connection.destroy();
      if (!received.includes('\n')) return;
      const answer = (value: Answer) => connection.end(`${JSON.stringify(value)}\n`);
      let request: Request;
      try {
        request = JSON.parse(received.slice(0, received.indexOf('\n'))) as Request;
        if (typeof request.backup !== 'string' || !path.isAbsolute(request.backup)) throw new Error('a backup request names an absolute file');
      } catch (error) {
        answer({ ok: false, error: (error as Error).message });
        return;
      }
      writeBackup(client, request.backup).then(
        ({ bytes }) => answer({ ok: true, bytes }),
        (error: unknown) => answer({ ok: false, error: (error as Error).message }),
      );
    });
    connection.on('error', () => undefined);
  });
  server.on('error', () => undefined);
  server.listen(socket, () => {
    // Only the shop's own user may ask (the copy holds every customer's data).
    try {
      chmodSync(socket, 0o600);
    } catch {
      // A platform without permissions on sockets: the folder's own permissions hold.
    }
  });
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socket, { force: true });
    });
}

/** Asks the process holding `dataDir` for a copy in `file`; its answer, or why it could not be asked. */
export function requestBackup(dataDir: string, file: string, timeoutMs = 120_000): Promise<{ bytes: number }> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketOf(dataDir));
    let received = '';
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new Error(`The shop did not answer the backup request within ${timeoutMs / 1000} seconds.`));
    }, timeoutMs);
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ backup: path.resolve(file) } satisfies Request)}\n`));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => {
      clearTimeout(timer);
      try {
        const answer = JSON.parse(received) as Answer;
        if (answer.ok) resolve({ bytes: answer.bytes });
        else reject(new Error(`The shop could not write the backup: ${answer.error}`));
      } catch {
        reject(new Error('The shop gave no answer to the backup request.'));
      }
    });
    connection.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`The running shop could not be asked for a backup (${(error as NodeJS.ErrnoException).code ?? error.message}): is it a version with backups, started from this folder?`));
    });
  });
}

/** Whether a process of this id is alive (one of another user's counts: it cannot be signalled, but it is there). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the embedded database in `dataDir` (its pid file), or null. */
export function folderHolder(dataDir: string): number | null {
  const lockFile = `${dataDir}.pid`;
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  return pid && pid !== process.pid && isAlive(pid) ? pid : null;
}

/** Whether a folder is missing or empty: the only place a restore writes into. */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/**
 * Brings a backup back into `dataDir`, which must be missing or empty (nothing is replaced); a
 * file that is not a backup leaves no folder behind. The restored database opens and answers
 * before the folder is handed over.
 */
export async function restoreBackup(dataDir: string, file: string): Promise<void> {
  if (!isEmptyFolder(dataDir)) throw new Error(`${dataDir} is not empty: a restore writes only into an empty data folder. Move the folder aside (or choose another DATA_DIR) and run it again.`);
  const bytes = readFileSync(file);
  const created = !existsSync(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir, { loadDataDir: new Blob([bytes]) });
    await client.query('SELECT count(*) FROM pg_class');
    await client.close();
  } catch (error) {
    await client?.close().catch(() => undefined);
    // Nothing of a failed restore stays: the folder is as it was (missing, or empty).
    if (created) rmSync(dataDir, { recursive: true, force: true });
    else for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw new Error(`${file} could not be restored: ${(error as Error).message}`);
  }
}
