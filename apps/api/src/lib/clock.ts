/**
 * The server's clock. Every route reads the time through `app.now()` and hands it to the use cases
 * (domain and use cases never read a clock themselves), so tests can say what time it is.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * A clock that reads `start` when the server starts and then runs at the normal pace. For browser
 * tests only (CLOCK_START, refused in production): they pin the browser's clock to opening hours and
 * need the server to agree that the restaurant is open, whatever the hour they run at.
 */
export function clockStartingAt(start: Date, startedAt: number = Date.now()): Clock {
  return () => new Date(start.getTime() + (Date.now() - startedAt));
}

declare module 'fastify' {
  interface FastifyInstance {
    now: Clock;
  }
}
