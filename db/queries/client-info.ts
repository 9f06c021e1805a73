import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ClientInfoSource } from '../../domain/session-info/client-info-sources';
import { ClientInfo } from '../models/ClientInfo';
import { Session } from '../models/Session';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { findOwned } from './owned';

export interface ClientInfoView {
  session_id: string;
  template_id: string | null;
  fields: UserSessionInfoTemplate['fields'];
  responses: Record<string, unknown>;
  submitted_via: ClientInfoSource | null;
  submitted_at: Date | null;
}

/** The session's template with its fields, the owner's only (saveClientInfo reads it too). */
export async function templateOf(session: Session, transaction?: Transaction): Promise<UserSessionInfoTemplate | null> {
  if (!session.session_info_template_id) return null;
  // The template belongs to the session's owner; a template of anyone else is treated as absent.
  return UserSessionInfoTemplate.findOne({
    where: { id: session.session_info_template_id, owner_id: session.owner_id },
    include: [{ association: 'fields' }],
    transaction,
  });
}

/** The session's form and answers; without a saved row, the template's fields and `{}` (spec). */
export async function readClientInfo(
  sequelize: Sequelize,
  sessionId: string,
  ownerId: string,
): Promise<ClientInfoView> {
  const session = await findOwned(sequelize, Session, 'Session', sessionId, ownerId);
  const [template, row] = await Promise.all([
    templateOf(session),
    ClientInfo.findOne({ where: { session_id: session.id } }),
  ]);
  return {
    session_id: session.id,
    template_id: template?.id ?? null,
    fields: [...(template?.fields ?? [])].sort(
      (a, b) => a.display_order - b.display_order || a.field_key.localeCompare(b.field_key),
    ),
    responses: row?.responses ?? {},
    submitted_via: row?.submitted_via ?? null,
    submitted_at: row?.submitted_at ?? null,
  };
}
