import { type Sequelize } from 'sequelize-typescript';
import { seedEmailTemplates } from './email-templates';
import { seedBaseSessionInfoTemplates } from './session-info-templates';
import { seedSessionTypes } from './session-types';
import { seedSmsTemplates } from './sms-templates';
import { seedAutomationTemplates } from './automation-templates';
import { seedCountryNames } from './country-names';

/** Serialises seeds started at once (api and worker booting together) inside PostgreSQL. */
const SEED_LOCK_KEY = 'studio-service:seed';

/**
 * Seed data every installation needs (base session-info templates, system email templates,
 * default session types, the names of countries). Idempotent: safe to run on every start.
 *
 * System rows (owner_id NULL) are found by business key and brought up to date; base
 * session-info templates are only inserted when missing, since admins edit them afterwards.
 * Runs in one transaction: the seed lands whole or not at all.
 */
export async function seedDatabase(sequelize: Sequelize): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', { bind: [SEED_LOCK_KEY], transaction });
    await seedEmailTemplates(transaction);
    await seedSmsTemplates(transaction);
    const workflows = await seedAutomationTemplates(transaction);
    const sessionTypes = await seedSessionTypes(workflows, transaction);
    await seedBaseSessionInfoTemplates(sessionTypes, transaction);
    await seedCountryNames(sequelize, transaction);
  });
}
