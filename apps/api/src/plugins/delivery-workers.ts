/**
 * The delivery workers of a server process (docs/decisions/0033-message-relay.md, 0034-webhooks.md):
 * every DELIVERY_POLL_MS, one pass of the message relay (only for the channels configured: with no
 * SMTP_URL e-mails stay in the outbox, with no SMS_PROVIDER_URL texts do), one of the webhook
 * relay and one of the kitchen ticket relay (docs/kitchen-printing.md); every SCHEDULED_SWEEP_MS, the
 * suites' pre-order reminders are queued in the outbox (use-cases/suites/suite-reminders.ts) and the
 * K-12 standing weekly orders due are placed (use-cases/school/standing-order-job.ts, decision 0118);
 * every MENU_IMAGE_SWEEP_MS, menu photos named by no draft, history or published menu for a day are
 * deleted (use-cases/menus/unused-menu-images.ts, decision 0121). They start when the server is ready and stop when it closes: closing clears the timer, waits
 * for a pass under way and closes the SMTP connection, so nothing is left running.
 */
import type { FastifyInstance } from 'fastify';
import { KITCHEN_TICKET_RETRY_POLICY, MESSAGE_RETRY_POLICY, WEBHOOK_RETRY_POLICY } from '@servery/domain/delivery-retries';
import type { Config } from '../config';
import { reasonOf } from '../ports/outbound';
import { httpSmsTransport } from '../ports/sms-http';
import { smtpTransport } from '../ports/smtp-relay';
import { relayDueMessages, relayDueWebhooks, type MessageTransports } from '../use-cases/platform/relay-deliveries';
import { relayDueTickets } from '../use-cases/platform/relay-kitchen-tickets';
import { sendDueSuiteReminders } from '../use-cases/suites/suite-reminders';
import { placeDueStandingOrders } from '../use-cases/school/standing-order-job';
import { MENU_IMAGE_SWEEP_MS, removeUnusedMenuImages } from '../use-cases/menus/unused-menu-images';

export type DeliverySettings = Pick<
  Config,
  | 'SMTP_URL'
  | 'SMTP_FROM'
  | 'SMS_PROVIDER_URL'
  | 'SMS_PROVIDER_TOKEN'
  | 'SMS_PROVIDER_SIGNING_SECRET'
  | 'SMS_FROM'
  | 'OUTBOUND_TIMEOUT_MS'
  | 'MESSAGE_MAX_ATTEMPTS'
  | 'WEBHOOK_MAX_ATTEMPTS'
  | 'WEBHOOK_PRIVATE_TARGETS'
  | 'DELIVERY_POLL_MS'
  | 'SCHEDULED_SWEEP_MS'
  | 'KITCHEN_PRINTER_TARGETS'
> & {
  /** Where links in e-mails point (config PUBLIC_URL). */
  publicUrl: string;
};

/** Rows per pass: a busy minute's receipts, small enough that a pass ends well within its lease. */
const BATCH = 20;

export function startDeliveryWorkers(app: FastifyInstance, settings: DeliverySettings): void {
  const transports: MessageTransports = {
    email:
      settings.SMTP_URL && settings.SMTP_FROM
        ? smtpTransport({ url: settings.SMTP_URL, from: settings.SMTP_FROM, timeoutMs: settings.OUTBOUND_TIMEOUT_MS })
        : null,
    sms:
      settings.SMS_PROVIDER_URL && settings.SMS_FROM
        ? httpSmsTransport({
            url: settings.SMS_PROVIDER_URL,
            from: settings.SMS_FROM,
            token: settings.SMS_PROVIDER_TOKEN ?? null,
            signingSecret: settings.SMS_PROVIDER_SIGNING_SECRET ?? null,
            timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
          })
        : null,
  };
  // A claim outlives every attempt of its batch, each bounded by the timeout, so no other process
  // takes a row that is still being sent.
  const leaseSeconds = Math.ceil((BATCH * settings.OUTBOUND_TIMEOUT_MS) / 1000) + 60;
  const messages = { policy: { ...MESSAGE_RETRY_POLICY, maxAttempts: settings.MESSAGE_MAX_ATTEMPTS }, leaseSeconds, batch: BATCH };
  const webhooks = {
    policy: { ...WEBHOOK_RETRY_POLICY, maxAttempts: settings.WEBHOOK_MAX_ATTEMPTS },
    leaseSeconds,
    batch: BATCH,
    timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
    privateTargets: settings.WEBHOOK_PRIVATE_TARGETS,
  };
  // Kitchen tickets: a printer answers on the restaurant's network in well under a second, or not at all.
  const tickets = {
    policy: KITCHEN_TICKET_RETRY_POLICY,
    leaseSeconds,
    batch: BATCH,
    timeoutMs: Math.min(settings.OUTBOUND_TIMEOUT_MS, 5000),
    targets: settings.KITCHEN_PRINTER_TARGETS,
  };
  const log = app.log.child({ worker: 'delivery' });

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  // Reminders are looked for every so many passes (counted, so a test's fixed clock does not stop them),
  // the first pass included.
  const reminderEvery = Math.max(1, Math.round(settings.SCHEDULED_SWEEP_MS / settings.DELIVERY_POLL_MS));
  const photoSweepEvery = Math.max(1, Math.round(MENU_IMAGE_SWEEP_MS / settings.DELIVERY_POLL_MS));
  let passes = 0;
  const reminders = { mailer: app.ports.mailer, sealer: app.eventSuiteSealer, publicUrl: settings.publicUrl };

  const pass = async () => {
    const database = app.database;
    const db = database.db;
    // A lost database connection: the next pass tries again.
    const guarded = (work: () => Promise<unknown>) =>
      work().catch((error: unknown) => log.warn({ reason: reasonOf(error) }, 'delivery pass failed'));
    const remind = passes % reminderEvery === 0;
    const sweepPhotos = passes % photoSweepEvery === 0;
    passes += 1;
    await Promise.all([
      guarded(async () => {
        // Queued first, so they leave with this pass; a failed sweep does not hold the relay up.
        if (remind) {
          await guarded(async () => {
            const queued = await sendDueSuiteReminders(database, reminders, app.now());
            if (queued > 0) log.info({ queued }, 'suite pre-order reminders queued');
          });
          // Each day is claimed in the database: several processes running this at once place it once.
          await guarded(async () => {
            const run = await placeDueStandingOrders(database, { ports: app.ports, publicUrl: settings.publicUrl }, app.now());
            if (run.placed + run.failed > 0) log.info(run, 'standing weekly orders placed');
          });
        }
        // Deletes are idempotent: processes sweeping at once delete a photo once between them.
        if (sweepPhotos) {
          await guarded(async () => {
            const sweep = await removeUnusedMenuImages(database, app.now());
            if (sweep.removed > 0) log.info(sweep, 'unused menu photos removed');
          });
        }
        if (transports.email || transports.sms) await relayDueMessages(db, transports, messages, log, app.now());
        await relayDueWebhooks(db, webhooks, log, app.now());
      }),
      // Beside them, not after: a slow webhook receiver never holds up the kitchen's tickets.
      guarded(() => relayDueTickets(db, tickets, log, app.now())),
    ]);
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = pass().finally(() => {
        running = null;
        schedule();
      });
    }, settings.DELIVERY_POLL_MS);
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
    transports.email?.close();
  });
}
