import { type ClientInfoView } from '../../db/queries/client-info';
import {
  type BaseSessionInfoTemplateRow,
  type SessionInfoFieldRow,
  type UserSessionInfoTemplateRow,
} from '../../db/rows';

type AnyField = SessionInfoFieldRow;

export function presentField(f: AnyField) {
  return {
    id: f.id,
    field_key: f.field_key,
    label: f.label,
    field_type: f.field_type,
    options: f.options,
    is_required: f.is_required,
    display_order: f.display_order,
  };
}

/** Fields in display order (ties by key), the order the form and the roadmap use. */
const ordered = (fields: AnyField[] | undefined) =>
  [...(fields ?? [])]
    .sort((a, b) => a.display_order - b.display_order || a.field_key.localeCompare(b.field_key))
    .map(presentField);

/** What a base template and a user's copy both show: name, wording, order and fields. */
function presentTemplate(t: UserSessionInfoTemplateRow | BaseSessionInfoTemplateRow) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    locale: t.locale,
    display_order: t.display_order,
    fields: ordered(t.fields),
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

export function presentUserTemplate(t: UserSessionInfoTemplateRow) {
  return { ...presentTemplate(t), owner_id: t.owner_id, base_template_id: t.base_template_id };
}

export function presentBaseTemplate(t: BaseSessionInfoTemplateRow) {
  return { ...presentTemplate(t), default_session_type_id: t.default_session_type_id };
}

export function presentClientInfo(v: ClientInfoView) {
  return {
    session_id: v.session_id,
    template_id: v.template_id,
    fields: (v.fields ?? []).map(presentField),
    responses: v.responses,
    submitted_via: v.submitted_via,
    submitted_at: v.submitted_at?.toISOString() ?? null,
  };
}
