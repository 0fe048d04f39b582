/**
 * The outside services the API talks to, each behind its port, with defaults that work on one machine.
 * The defaults that keep their records in our database (the outbox, the sandbox processor) get their
 * repositories here: this file is the one port module that wires db/ in (docs/decisions/0060-layers-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import { queueInOutbox } from '../db/outbox-repository';
import * as sandboxPayments from '../db/sandbox-payments-repository';
import { type ErrorReporter, logReporter } from './error-reporting';
import { type Gazetteer, geonamesGazetteer } from './gazetteer';
import { type Geocoder, postalCodeCentroids } from './geocoder';
import { type Mailer, outboxMailer } from './mailer';
import type { PaymentProcessor } from './payments';
import { sandboxProcessor } from './sandbox-processor';
import { type SmsSender, outboxSms } from './sms';

export interface Ports {
  payments: PaymentProcessor;
  mailer: Mailer;
  sms: SmsSender;
  geocoder: Geocoder;
  gazetteer: Gazetteer;
  errors: ErrorReporter;
}

declare module 'fastify' {
  interface FastifyInstance {
    ports: Ports;
  }
}

export function defaultPorts(overrides: Partial<Ports> = {}): Ports {
  return {
    payments: sandboxProcessor(sandboxPayments),
    mailer: outboxMailer(queueInOutbox),
    sms: outboxSms(queueInOutbox),
    geocoder: postalCodeCentroids(),
    gazetteer: geonamesGazetteer(),
    errors: logReporter(),
    ...overrides,
  };
}

export function decoratePorts(app: FastifyInstance, overrides: Partial<Ports> = {}): void {
  app.decorate('ports', defaultPorts(overrides));
}
