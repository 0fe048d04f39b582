// Child processes the bench starts: each in its own process group, so stopping it also stops what it
// started (a server a script starts may run as a grandchild). Output is kept (last lines) for error messages.
import { spawn } from 'node:child_process';
import { onCleanup } from './cleanup.mjs';

/**
 * Spawns a command; returns { pid, alive(), output(), exited: Promise<code>, stop() }. stop() sends
 * SIGTERM to the group, then SIGKILL after graceMs. Registered for cleanup until stopped.
 */
export function startProcess(label, command, args, { cwd, env, graceMs = 5000, echo = false } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines = [];
  const keep = (chunk) => {
    const text = chunk.toString();
    if (echo) process.stderr.write(text);
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let running = true;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running = false;
      resolve(code ?? (signal ? `signal ${signal}` : 0));
    });
    child.on('error', (error) => {
      running = false;
      lines.push(`cannot start ${command}: ${error.message}`);
      resolve(`error ${error.message}`);
    });
  });

  const signalGroup = (signal) => {
    if (!running || !child.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  };

  const stop = onCleanup(
    label,
    async () => {
      if (!running) return;
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The group may outlive its leader (a grandchild that ignored SIGTERM).
      signalGroup('SIGKILL');
    },
    () => signalGroup('SIGKILL'),
  );

  return {
    label,
    pid: child.pid,
    alive: () => running,
    output: () => lines.join('\n'),
    exited,
    stop,
  };
}
