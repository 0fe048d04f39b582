import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockSqliteFile } from './sqlite-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('one server per SQLite file', () => {
  it('refuses a second server while the first is alive, then lets one start once it has stopped', () => {
    const file = path.join(dir, 'a.sqlite');
    const first = lockSqliteFile(file);
    expect(first.ok).toBe(true);
    // Another process of the same machine, alive: the lock names it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const second = lockSqliteFile(file, other.pid);
      expect(second).toMatchObject({ ok: false, message: expect.stringContaining(`process ${process.pid}`) });
      expect(!second.ok && second.message).toContain('PostgreSQL');
    } finally {
      other.kill();
    }
    if (first.ok) first.release();
    expect(fs.existsSync(`${file}.server.lock`)).toBe(false);
    const again = lockSqliteFile(file);
    expect(again.ok).toBe(true);
    if (again.ok) again.release();
  });

  it('takes over the lock of a server that died without releasing it', () => {
    const file = path.join(dir, 'b.sqlite');
    // A process that has exited: its id is free.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(`${file}.server.lock`, dead.stdout);
    const taken = lockSqliteFile(file);
    expect(taken.ok).toBe(true);
    expect(fs.readFileSync(`${file}.server.lock`, 'utf8')).toBe(String(process.pid));
    if (taken.ok) taken.release();
  });

  it('two files are two servers', () => {
    const one = lockSqliteFile(path.join(dir, 'c.sqlite'));
    const two = lockSqliteFile(path.join(dir, 'd.sqlite'), process.pid + 1);
    expect(one.ok && two.ok).toBe(true);
    if (one.ok) one.release();
    if (two.ok) two.release();
  });
});

describe('a server that exited a moment ago', () => {
  it('holds nothing: its lock is taken over (on Linux a zombie, killed but not reaped, counts as gone too)', async () => {
    const file = path.join(dir, 'zombie.sqlite');
    // A child that exits at once.
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    const pid = child.pid!;
    // Gone for sure: a fixed wait was shorter than Node's start on a loaded machine (the child still ran).
    await new Promise((resolve) => child.once('exit', resolve));
    fs.writeFileSync(`${file}.server.lock`, String(pid));
    const taken = lockSqliteFile(file);
    expect(taken.ok).toBe(true);
    if (taken.ok) taken.release();
  });
});
