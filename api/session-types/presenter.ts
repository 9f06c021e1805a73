import { type SessionTypeProps } from '../../db/commands/save-session-type';
import { type SessionTypeRow } from '../../db/queries/session-types';
import { type SessionTypeBody } from './schema';

/** A session type as the api shows it: `price` is `default_price`. */
export function presentSessionType(row: SessionTypeRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.duration_minutes,
    default_price: row.price,
    vat_percentage: row.vat_percentage,
    default_workflow_id: row.default_workflow_id,
    default_session_info_template_id: row.default_session_info_template_id,
    display_order: row.display_order,
    business_key: row.business_key,
    is_active: row.is_active,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The api's fields as the command's (`default_price` → `price`). */
export function sessionTypeProps({ default_price: price, ...rest }: SessionTypeBody): SessionTypeProps {
  return { ...rest, ...(price === undefined ? {} : { price }) };
}
