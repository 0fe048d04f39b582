// One place that knows what the bench started (servers, Chromium, temp dirs) and stops it, whether the
// run ends normally, throws, or is interrupted (Ctrl-C, SIGTERM). Every resource registers a stopper.

const stoppers = new Map(); // id -> { label, stop: () => Promise<void> | void, sync?: () => void }
let nextId = 1;
let installed = false;
let interrupted = null;

/** The signal that interrupted the run, or null: the runner starts no new case after one. */
export const interruptedBy = () => interrupted;

/** Registers something to stop; returns a function that stops it now (and forgets it). */
export function onCleanup(label, stop, sync) {
  installHandlers();
  const id = nextId++;
  stoppers.set(id, { label, stop, sync });
  return async () => {
    const entry = stoppers.get(id);
    if (!entry) return;
    stoppers.delete(id);
    await entry.stop();
  };
}

/** Stops everything still registered, newest first. Errors are printed, never thrown. */
export async function cleanupAll() {
  const entries = [...stoppers.entries()].reverse();
  stoppers.clear();
  for (const [, entry] of entries) {
    try {
      await entry.stop();
    } catch (error) {
      console.error(`  cleanup of ${entry.label} failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

function installHandlers() {
  if (installed) return;
  installed = true;
  // Last resort: on a synchronous exit only synchronous work runs (kill child processes, remove dirs).
  process.on('exit', () => {
    for (const [, entry] of stoppers) {
      try {
        entry.sync?.();
      } catch {
        // exiting anyway
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      interrupted = signal;
      console.error(`\nbench: ${signal}, stopping what was started…`);
      const timer = setTimeout(() => process.exit(130), 5000);
      timer.unref();
      cleanupAll().finally(() => process.exit(130));
    });
  }
}
