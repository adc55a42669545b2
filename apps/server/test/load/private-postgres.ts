import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../smtp-sink';

export interface PrivatePostgres {
  url: string;
  /** Stops the server at once (no shutdown, as in a crash), waits `downMs`, and starts it again (crash recovery). */
  crashAndRestart(downMs: number): Promise<void>;
  stop(): void;
}

/** The binaries of the newest PostgreSQL installed (Debian's layout), or PG_BIN. */
function postgresBin(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Why a private PostgreSQL cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!postgresBin()) return 'no PostgreSQL server binaries (initdb) found; set PG_BIN';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to run the server as';
    }
  }
  return null;
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so a test can
 * crash and restart it without disturbing the shared server other tests use. As root the server
 * runs as the postgres user (PostgreSQL refuses to run as root).
 */
export async function startPrivatePostgres(extraOptions = ''): Promise<PrivatePostgres> {
  const bin = postgresBin()!;
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, tool), asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, { stdio: 'pipe', encoding: 'utf8' });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=100${extraOptions ? ` ${extraOptions}` : ''}`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  const stopNow = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async crashAndRestart(downMs) {
      stopNow();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
    },
    stop() {
      try {
        stopNow();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
