/**
 * E-mail over SMTP with nodemailer (docs/decisions/0033-message-relay.md): one pooled connection to
 * the relay named by SMTP_URL, kept open from one message to the next (a busy minute's receipts do not
 * each pay for a TCP, TLS and AUTH handshake), every step bounded by the timeout. A relay pass sends
 * its rows one after another, so one connection is all it uses; the pool opens a new one when the
 * relay or the timeout has closed it. The outbox row's id is the Message-ID, so a message sent twice
 * (a lease that ran out mid-send) reads as one to a mail client.
 */
import nodemailer from 'nodemailer';
import { DeliveryError, type EmailTransport } from './outbound';

export interface SmtpSettings {
  /** smtp://user:password@host:port or smtps://... */
  url: string;
  from: string;
  timeoutMs: number;
}

export function smtpTransport(settings: SmtpSettings): EmailTransport {
  const transporter = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    dnsTimeout: settings.timeoutMs,
    // Never write a message or an address to the logs.
    logger: false,
    debug: false,
  });
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          messageId: `<${message.id}@servery>`,
          headers: { 'Content-Language': message.locale },
        });
      } catch (error) {
        const failure = error as { code?: unknown; responseCode?: unknown };
        const code = typeof failure.code === 'string' ? failure.code : 'SMTP_ERROR';
        throw new DeliveryError(typeof failure.responseCode === 'number' ? `${code} ${failure.responseCode}` : code);
      }
    },
    close() {
      transporter.close();
    },
  };
}
