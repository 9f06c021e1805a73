import { type Transaction } from 'sequelize';
import { UserSessionType } from '../models/UserSessionType';
import { type Automation } from '../models/Automation';
import { upsertByKey } from './upsert';
import { type FrenchText } from './automation-templates';
import { isFrench } from '../../domain/accounts/locale-language';
import { type UserLocale } from '../../domain/accounts/users';

interface SeedSessionType {
  businessKey: string;
  name: string;
  description: string;
  durationMinutes: number;
  /** Price with tax, as the decimal string the column stores. */
  price: string;
  vatPercentage: string;
  workflowKey: string;
  /** Name and description of a French studio's copy. */
  fr: FrenchText;
}

/**
 * Default session types (owner_id NULL), each linked to its second-generation workflow template.
 * Prices are with French VAT (20 %); a studio edits its own copies.
 */
export const DEFAULT_SESSION_TYPES: readonly SeedSessionType[] = [
  {
    businessKey: 'wedding',
    name: 'Wedding',
    description: 'Full-day wedding coverage: preparations, ceremony, group photos and reception.',
    durationMinutes: 600,
    price: '1800.00',
    vatPercentage: '20.00',
    workflowKey: 'wedding-v2',
    fr: {
      name: 'Mariage',
      description: 'Reportage de mariage sur la journée : préparatifs, cérémonie, photos de groupe et soirée.',
    },
  },
  {
    businessKey: 'portrait',
    name: 'Portrait',
    description: 'Individual or couple portrait session, in the studio or outdoors.',
    durationMinutes: 90,
    price: '250.00',
    vatPercentage: '20.00',
    workflowKey: 'portrait-v2',
    fr: { name: 'Portrait', description: 'Séance portrait individuelle ou en couple, en studio ou en extérieur.' },
  },
  {
    businessKey: 'corporate',
    name: 'Corporate',
    description: 'Team headshots, company events, premises and products.',
    durationMinutes: 240,
    price: '900.00',
    vatPercentage: '20.00',
    workflowKey: 'corporate-v2',
    fr: { name: 'Entreprise', description: 'Portraits d’équipe, événements, locaux et produits.' },
  },
  {
    businessKey: 'family',
    name: 'Family',
    description: 'Family session at home or outdoors, children and grandparents welcome.',
    durationMinutes: 120,
    price: '350.00',
    vatPercentage: '20.00',
    workflowKey: 'family-v2',
    fr: {
      name: 'Famille',
      description: 'Séance en famille à la maison ou en extérieur, enfants et grands-parents bienvenus.',
    },
  },
];

/** Upserts the default session types; returns them by business key. */
export async function seedSessionTypes(
  workflows: Map<string, Automation>,
  transaction: Transaction,
): Promise<Map<string, UserSessionType>> {
  const byKey = new Map<string, UserSessionType>();
  for (const [index, t] of DEFAULT_SESSION_TYPES.entries()) {
    const workflow = workflows.get(t.workflowKey);
    if (!workflow) throw new Error(`seed: no workflow template ${t.workflowKey} for session type ${t.businessKey}`);
    const row = await upsertByKey(
      UserSessionType,
      { owner_id: null, business_key: t.businessKey },
      {
        name: t.name,
        description: t.description,
        duration_minutes: t.durationMinutes,
        price: t.price,
        vat_percentage: t.vatPercentage,
        default_workflow_id: workflow.id,
        display_order: index,
        is_active: true,
      },
      transaction,
    );
    byKey.set(t.businessKey, row);
  }
  return byKey;
}

/** Name and description of each default session type for a studio copy in `locale`, by business key. */
export function sessionTypeTexts(locale: UserLocale): ReadonlyMap<string, FrenchText> {
  return new Map(
    DEFAULT_SESSION_TYPES.map((t) => [
      t.businessKey,
      isFrench(locale) ? t.fr : { name: t.name, description: t.description },
    ]),
  );
}
