import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Adapters } from '../adapters/types';
import { seededBillers } from '../modules/bills/billers';
import { createRateSource } from '../modules/fx/rate-source';
import { simulatedIdentityProvider } from '../sim/identity-provider';
import { outboxSender, smtpSender } from '../sim/messaging';
import { simulatedPartnerBank } from '../sim/partner-bank';
import { payoutRailJob } from '../sim/payout-rail';
import { addressReviewJob } from '../sim/address-reviewer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outside world, wired once from the config (or as a test passed it). */
    adapters: Adapters;
  }
}

export interface AdaptersOptions {
  /** Adapters to use instead of the configured ones (a test's fakes, a deployment's own). */
  overrides?: Partial<Adapters>;
}

/** How the config picks each adapter: live ones where configured, simulators otherwise. */
function configured(app: FastifyInstance): { [K in keyof Adapters]: () => Adapters[K] } {
  const { config, db, log } = app;
  return {
    email: () => (config.smtpUrl ? smtpSender(config.smtpUrl, log) : outboxSender(db, 'email', log, config.simulators)),
    sms: () => outboxSender(db, 'sms', log, config.simulators),
    // Only the simulated provider exists: without simulators there is no provider to send people to.
    identity: () => (config.simulators ? simulatedIdentityProvider : null),
    // There is no live partner bank yet: virtual accounts come from the simulator.
    partnerBank: () => simulatedPartnerBank,
    rates: () => createRateSource(config),
    billers: () => seededBillers,
    // The simulated rails settle in the background; unit tests run settleDuePayouts themselves.
    payoutRails: () => (config.simulators && config.payoutJob ? payoutRailJob(app) : null),
    // The simulated reviewer approves proofs of address a few seconds after their upload.
    addressReviewer: () => (config.simulators && config.addressReviewJob ? addressReviewJob(app) : null),
  };
}

/**
 * Decorates the app with `adapters`: each one the override given for it, else the one the config
 * picks. The payout rails (when any) start once the app is ready and stop before it closes.
 */
export default fp<AdaptersOptions>(
  async function adaptersPlugin(app, { overrides = {} }) {
    const make = configured(app);
    const choose = <K extends keyof Adapters>(key: K): Adapters[K] => {
      const given = overrides[key];
      return given === undefined ? make[key]() : (given as Adapters[K]);
    };
    const adapters: Adapters = {
      email: choose('email'),
      sms: choose('sms'),
      identity: choose('identity'),
      partnerBank: choose('partnerBank'),
      rates: choose('rates'),
      billers: choose('billers'),
      payoutRails: choose('payoutRails'),
      addressReviewer: choose('addressReviewer'),
    };
    app.decorate('adapters', adapters);
    for (const job of [adapters.payoutRails, adapters.addressReviewer]) {
      if (!job) continue;
      app.addHook('onReady', async () => job.start());
      app.addHook('preClose', async () => job.stop());
    }
  },
  { name: 'adapters', decorators: { fastify: ['config', 'db'] } },
);
