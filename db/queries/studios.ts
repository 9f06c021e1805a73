import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type StudioRow } from '../rows';
import { prepared, preparedRows } from '../pg-client';

/**
 * A studio's settings (its `organizations` row) and who answers for it: its owner's address and
 * name, where the studio's own mail goes and what a client reads as the studio's contact. The
 * owner is today's, whoever founded the studio (ownership moves, docs/teams.md).
 */
export type Studio = StudioRow & { owner_email: string; owner_name: string | null };

/**
 * SQL: the studio's name as its clients and members read it, for a select list: its company
 * profile's name (`company`: the alias of its `user_company` row), else its own (`org`: of its
 * `organizations` row).
 */
export const studioNameSql = (company: string, org: string) =>
  `coalesce(nullif(btrim(${company}.company_name), ''), ${org}.name)`;

/** SQL: the address of the studio whose id is the expression `orgId` (its owner's), for a select list. */
export const studioOwnerEmailSql = (orgId: string) =>
  `(SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ${orgId} AND m.role = 'owner')`;

const STUDIO_TEXT = `SELECT o.*, ow.email AS owner_email, ow.name AS owner_name
   FROM organizations o
   LEFT JOIN LATERAL (SELECT u.email, u.name FROM memberships m JOIN users u ON u.id = m.user_id
                       WHERE m.org_id = o.id AND m.role = 'owner') ow ON true
  WHERE o.id = $1`;
const STUDIO = prepared('studio', STUDIO_TEXT);

/** A studio by id; a missing one is a 404 `not_found`. Inside a transaction, read on its connection. */
export async function findStudio(sequelize: Sequelize, orgId: string, transaction?: Transaction): Promise<Studio> {
  const [row] = transaction
    ? await sequelize.query<Studio>(STUDIO_TEXT, { bind: [orgId], type: QueryTypes.SELECT, transaction })
    : await preparedRows<Studio>(sequelize, STUDIO, [orgId]);
  if (!row) throw new NotFoundError('Studio');
  return row;
}

/** The studio a public tenant slug names (slugs are lower-case), or null when none does. */
export async function findStudioIdBySlug(sequelize: Sequelize, slug: string): Promise<string | null> {
  if (!/^[a-z0-9-]{1,63}$/.test(slug)) return null;
  const [row] = await sequelize.query<{ id: string }>('SELECT id FROM organizations WHERE tenant_slug = $1', {
    bind: [slug],
    type: QueryTypes.SELECT,
  });
  return row?.id ?? null;
}
