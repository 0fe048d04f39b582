/**
 * One server process per SQLite file. SQLite is the one-machine default: a second server on the same
 * file would keep its own caches, rate-limit windows and live order streams beside the first, and
 * each would miss what the other changed. The server takes `<file>.server.lock` (its process id, made
 * with O_EXCL so two starts cannot both take it) before it serves; a second server finds the first
 * alive and is refused with what to do instead. A lock whose process is gone (a crash, a kill -9) is
 * taken over. Several processes belong on PostgreSQL (README, "Several server processes").
 */
import fs from 'node:fs';
import path from 'node:path';

export type SqliteLock = { ok: true; release: () => void } | { ok: false; message: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process killed but not yet reaped by its parent (a zombie) still answers on Linux, yet it holds
  // nothing: its state in /proc says so. Where there is no /proc, the answer above stands.
  if (!fs.existsSync('/proc/self/stat')) return true;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** `file`: the database file's path. */
export function lockSqliteFile(file: string, pid = process.pid): SqliteLock {
  const lockFile = `${path.resolve(file)}.server.lock`;
  // The lock comes before the database: on a fresh clone its folder (./data) does not exist yet.
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(pid), { flag: 'wx' });
      return {
        ok: true,
        release: () => {
          // Only our own lock: a server that took over a stale one keeps its.
          if (fs.existsSync(lockFile) && fs.readFileSync(lockFile, 'utf8').trim() === String(pid)) fs.rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== pid && alive(holder)) {
      return {
        ok: false,
        message:
          `Another Servery server (process ${holder}) is already using ${path.resolve(file)}. SQLite serves one process: ` +
          'stop that server first, or run several processes on PostgreSQL (DATABASE_URL=postgres://…; README, "Several server processes").',
      };
    }
    // Its process is gone: the lock is stale.
    fs.rmSync(lockFile, { force: true });
  }
  return { ok: false, message: `Could not take the lock ${lockFile}.` };
}
