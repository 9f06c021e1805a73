import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §3, the rest: every studio-owned table carries the organisation and has the policy.
 *
 * - **The children** (reached until now only through a parent that had the policy) get an
 *   `owner_id`, filled from their parent: the rows there now by one UPDATE, new rows by a BEFORE
 *   INSERT trigger that copies the parent's (so no insert of the service changes, and a row can
 *   never carry another studio than its parent's). The trigger's function reads the parent as the
 *   tables' owner (SECURITY DEFINER); the child's own policy then checks the copied studio against
 *   the connection's, so a studio that names another's parent is refused. A child of a platform
 *   row (a default workflow's tasks) has no studio, and is read by every studio as its parent is.
 *   No foreign key of its own: the parent's already ties the row to the studio, and cascades; a
 *   row naming no parent is refused by that key, with the error it had before.
 * - **`audit_logs`** by `resource_owner_id`. Not `job_runs`: a job the platform starts for a
 *   studio's record (a document's file after its issue, by the outbox's processor) is recorded with
 *   no organisation, and the studio's own request for the same job finds it by its workflow id;
 *   under a policy that row would be hidden from the studio (docs/teams.md).
 *
 * Order matters: `workflow_task_actions` copies from `workflow_tasks`, filled before it.
 */
const CHILDREN: [child: string, parent: string, key: string][] = [
  ['invoice_items', 'invoices', 'invoice_id'],
  ['quote_items', 'quotes', 'quote_id'],
  ['session_contacts', 'sessions', 'session_id'],
  ['session_files', 'sessions', 'session_id'],
  ['contact_files', 'contacts', 'contact_id'],
  ['client_infos', 'sessions', 'session_id'],
  ['session_workflow_task_runs', 'sessions', 'session_id'],
  ['workflow_tasks', 'workflows', 'workflow_id'],
  ['workflow_task_actions', 'workflow_tasks', 'workflow_task_id'],
  ['user_session_info_template_fields', 'user_session_info_templates', 'template_id'],
  ['cardprovider_payments', 'invoices', 'invoice_id'],
  ['walletprovider_payments', 'invoices', 'invoice_id'],
];

const childSql = ([child, parent, key]: [string, string, string]) => `
ALTER TABLE ${child} ADD COLUMN owner_id uuid;
-- The table's own triggers held while the column is filled: an issued invoice's lines refuse
-- any change, and this one changes nothing they carry.
ALTER TABLE ${child} DISABLE TRIGGER USER;
UPDATE ${child} c SET owner_id = p.owner_id FROM ${parent} p WHERE p.id = c.${key};
ALTER TABLE ${child} ENABLE TRIGGER USER;
DO $$
BEGIN
  -- The child of a parent that always has a studio always has one too.
  IF (SELECT attnotnull FROM pg_attribute WHERE attrelid = '${parent}'::regclass AND attname = 'owner_id') THEN
    ALTER TABLE ${child} ALTER COLUMN owner_id SET NOT NULL;
  END IF;
END
$$;
CREATE INDEX ${child}_owner_idx ON ${child} (owner_id);
CREATE FUNCTION studio_owner_of_${child}() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $fn$
BEGIN
  SELECT p.owner_id INTO NEW.owner_id FROM ${parent} p WHERE p.id = NEW.${key};
  -- No such parent: the key's foreign key refuses the row (23503, as before), after the
  -- policy, which a studio of none here would otherwise refuse first.
  IF NOT FOUND THEN
    NEW.owner_id := coalesce(studio_rls_org(), '00000000-0000-0000-0000-000000000000'::uuid);
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER ${child}_owner BEFORE INSERT OR UPDATE OF ${key}, owner_id ON ${child}
  FOR EACH ROW EXECUTE FUNCTION studio_owner_of_${child}();
SELECT studio_rls_enable('${child}');`;

export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `${CHILDREN.map(childSql).join('\n')}
SELECT studio_rls_enable('audit_logs', 'resource_owner_id');`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP POLICY IF EXISTS studio_isolation ON audit_logs;
ALTER TABLE audit_logs DISABLE ROW LEVEL SECURITY;
${[...CHILDREN]
  .reverse()
  .map(
    ([child]) => `DROP POLICY IF EXISTS studio_isolation ON ${child};
DROP POLICY IF EXISTS studio_shared_read ON ${child};
ALTER TABLE ${child} DISABLE ROW LEVEL SECURITY;
DROP TRIGGER IF EXISTS ${child}_owner ON ${child};
DROP FUNCTION IF EXISTS studio_owner_of_${child}();
ALTER TABLE ${child} DROP COLUMN IF EXISTS owner_id;`,
  )
  .join('\n')}`,
  );
