import { type Sequelize } from 'sequelize-typescript';
import { APP_ROLE_NAME } from './app-role';
import { memberSetting, studioSetting } from './studio-context';

interface Queryable {
  query: (text: string, values?: unknown[]) => Promise<unknown>;
}

/**
 * The `app.org_id` and `app.member_id` each pooled connection holds, as last sent on it (one
 * key, the two joined). A new connection holds none, which the policies read as the platform's
 * and no member's: it is remembered as that without a round trip.
 */
const held = new WeakMap<object, string>();
const NOTHING_HELD = '/';

/**
 * Makes every connection of `sequelize`'s pool act for the studio of the work that borrows it
 * (docs/decisions.md, "Row-level security"):
 *
 * - with `appRole`, each new connection runs `SET ROLE` to it, the role that owns no table, so
 *   the policies apply (the migrator and the tests' own setup pass no role: they act as the
 *   owner, which the policies do not restrict);
 * - on every borrow (Sequelize's queries and transactions, the named statements of pg-client.ts,
 *   the exports' raw connections all borrow through `getConnection`), `set_config('app.org_id')`
 *   (with `app.member_id`, the member whose assigned sessions bound the work, or '') is sent
 *   when the connection's values are not the borrower's, in one statement. A connection is
 *   borrowed outside any transaction, so the session-level setting holds until the next borrow
 *   that changes it,
 *   whatever the work did or failed in between; a connection whose setting failed is destroyed,
 *   never lent with a value no one knows. Sending it only on a change keeps the usual case (one
 *   studio's requests, or the platform's jobs, on a connection) free of any extra round trip.
 */
export function isolateStudios(sequelize: Sequelize, appRole?: string): void {
  if (appRole !== undefined) {
    if (!APP_ROLE_NAME.test(appRole)) throw new Error(`not a plain role name: ${appRole}`);
    sequelize.addHook('afterConnect', async (connection) => {
      await (connection as Queryable).query(`SET ROLE ${appRole}`);
    });
  }
  sequelize.addHook('afterPoolAcquire', async (connection) => {
    const org = studioSetting();
    const member = memberSetting();
    const wanted = `${org}/${member}`;
    if ((held.get(connection) ?? NOTHING_HELD) === wanted) return;
    held.delete(connection);
    try {
      await (connection as Queryable).query(
        "SELECT set_config('app.org_id', $1, false), set_config('app.member_id', $2, false)",
        [org, member],
      );
    } catch (error) {
      // Sequelize lends nothing back after a failed hook: the connection is ours to end.
      await sequelize.connectionManager.destroyConnection(connection as never).catch(() => undefined);
      throw error;
    }
    held.set(connection, wanted);
  });
}
