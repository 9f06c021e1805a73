// The studios, triggers and contacts of bench/triggers.ts, and what each evaluation must record.
//
// Every studio has 50 active CONTACT_CREATED triggers (and 5 paused ones, never evaluated), with
// conditions that hold on some contacts and not on others, through the evaluator's operators:
//   triggers  0..24  AND [city equals CITIES[i % 5], email contains "@"]
//   triggers 25..49  OR  [city in [CITIES[i % 5]], phone_number is_null]
// Contact j lives in CITIES[j % 5] and has no phone when j % 10 == 9. So on an ordinary contact
// 5 + 5 = 10 triggers hold, on a contact without a phone 5 + 25 = 30 (12 on average): every
// evaluation reads all 50 triggers and records 10 or 30 SKIPPED executions (their workflow has no
// task, so nothing runs for the contact: docs/workflow-triggers.md), and writes nothing for the
// other 40 or 20.
import crypto from 'node:crypto';
import { type Sequelize } from 'sequelize-typescript';
import { createContact } from '../db/commands/create-contact';
import { createAutomation } from '../db/commands/create-automation';
import { WorkflowTrigger } from '../db/models/WorkflowTrigger';
import { type ConditionGroup, validateConditions } from '../domain/workflow-triggers/conditions';

export const TRIGGERS_PER_STUDIO = 50;
const PAUSED_PER_STUDIO = 5;
const CITIES = ['Paris', 'Lyon', 'Besançon', 'Nîmes', 'Strasbourg'] as const;

export interface Studio {
  ownerId: string;
  /** Active triggers by index 0..49 (the index the conditions are built from). */
  triggerIds: string[];
}

/** The conditions of active trigger `i` (see the top of this file). */
function conditionsOf(i: number): ConditionGroup {
  const city = CITIES[i % CITIES.length];
  return i < 25
    ? {
        operator: 'AND',
        conditions: [
          { field: 'city', operator: 'equals', value: city },
          { field: 'email', operator: 'contains', value: '@' },
        ],
      }
    : {
        operator: 'OR',
        conditions: [
          { field: 'city', operator: 'in', value: [city] },
          { field: 'phone_number', operator: 'is_null' },
        ],
      };
}

/** Whether active trigger `i` must hold on contact `j`: the arithmetic of the top of this file, not the evaluator. */
export function mustHold(i: number, j: number): boolean {
  const sameCity = i % CITIES.length === j % CITIES.length;
  const noPhone = j % 10 === 9;
  return i < 25 ? sameCity : sameCity || noPhone;
}

/** A studio (organisation, user, one workflow) with its 50 active and 5 paused triggers, saved as the api saves them. */
export async function createStudio(sequelize: Sequelize, name: string): Promise<Studio> {
  const [[org]] = (await sequelize.query('INSERT INTO organizations (name) VALUES ($1) RETURNING id', {
    bind: [name],
  })) as [{ id: string }[], unknown];
  const [[user]] = (await sequelize.query(
    "INSERT INTO users (id, org_id, email, password_hash, name) VALUES ($1, $1, $2, 'not-a-hash', $3) RETURNING id",
    {
      bind: [org.id, `bench-${crypto.randomUUID()}@bench.example`, name],
    },
  )) as [{ id: string }[], unknown];
  const workflow = await createAutomation(sequelize, user.id, { name: 'Accueil des nouveaux clients' });
  const triggerIds: string[] = [];
  for (let i = 0; i < TRIGGERS_PER_STUDIO + PAUSED_PER_STUDIO; i++) {
    const active = i < TRIGGERS_PER_STUDIO;
    const trigger = await WorkflowTrigger.create({
      workflow_id: workflow.id,
      owner_id: user.id,
      name: active ? `Nouveau contact ${i}` : `En pause ${i}`,
      trigger_event: 'CONTACT_CREATED',
      // Paused triggers have no condition: they would hold on every contact if they were evaluated.
      conditions: validateConditions(active ? conditionsOf(i) : { operator: 'AND', conditions: [] }, 'CONTACT_CREATED'),
      is_active: active,
      execution_order: i,
    });
    if (active) triggerIds.push(trigger.id);
  }
  return { ownerId: user.id, triggerIds };
}

/** One event as the api writes it: contact `j` and its CONTACT_CREATED outbox row, in one transaction. */
export async function createBenchContact(sequelize: Sequelize, studio: Studio, j: number): Promise<string> {
  const contact = await createContact(
    sequelize,
    studio.ownerId,
    {
      first_name: `Élodie${j}`,
      last_name: `Lefèvre-${j}`,
      email: `elodie.lefevre.${j}@example.fr`,
      phone_number: j % 10 === 9 ? null : `+33 6 12 34 ${String(j % 100).padStart(2, '0')} 00`,
      city: CITIES[j % CITIES.length],
      country: 'France',
    },
    `bench-triggers-${j}`,
  );
  return contact.id;
}
