import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §3: the studio's company profile (`user_company`, its legal identity and bank details)
 * under the studio's policy. Its `user_id` is the organisation's id (the founder's account and the
 * organisation share one id, docs/teams.md), and every query reads and writes it by the studio:
 * another studio's statement neither sees nor writes it.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(context, `SELECT studio_rls_enable('user_company', 'user_id');`);

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP POLICY IF EXISTS studio_isolation ON user_company;
ALTER TABLE user_company DISABLE ROW LEVEL SECURITY;`,
  );
