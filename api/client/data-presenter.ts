import { type ClientData, type ClientSessionData } from '../../db/queries/client-data';
import { clientLocale } from '../../domain/accounts/client-locale';
import { presentContact } from '../contacts/presenter';
import { presentCreditNote, presentDocument, presentPayment } from '../invoicing/presenter';
import { presentField } from '../session-info/presenter';
import { presentSessionFields } from '../sessions/presenter';
import { presentReceipt } from './receipt-presenter';

/** A session with its questionnaire: each question beside the answer given (null when unanswered). */
function presentSessionData({ session: s, role, template, answers }: ClientSessionData) {
  const responses = answers?.responses ?? {};
  const fields = [...(template?.fields ?? [])]
    .sort((a, b) => a.display_order - b.display_order || a.field_key.localeCompare(b.field_key))
    .map(presentField);
  const asked = new Set(fields.map((f) => f.field_key));
  return {
    ...presentSessionFields(s),
    role,
    questionnaire: template
      ? {
          name: template.name,
          description: template.description,
          questions: fields.map((f) => ({
            field_key: f.field_key,
            label: f.label,
            field_type: f.field_type,
            options: f.options,
            answer: responses[f.field_key] ?? null,
          })),
          // Answers to questions the template no longer asks are data held all the same.
          other_answers: Object.fromEntries(Object.entries(responses).filter(([key]) => !asked.has(key))),
          submitted_via: answers?.submitted_via ?? null,
          submitted_at: answers?.submitted_at?.toISOString() ?? null,
        }
      : null,
    answers_without_questionnaire: template ? null : answers ? responses : null,
  };
}

/**
 * The JSON files of the client's data download, by file name: the same shapes the studio's api
 * answers for documents (api/invoicing/presenter.ts), with the studio's time zone for due dates.
 */
export function clientDataFiles(data: ClientData): Record<string, unknown> {
  const timeZone = data.studio.time_zone;
  const invoiceNumbers = new Map(data.invoices.map((i) => [i.id, i.number]));
  return {
    // Every field the studio keeps, its notes included (GDPR art. 15 has no exception for them).
    'contact.json': presentContact(data.contact, clientLocale(data.contact, data.studio)),
    'sessions.json': data.sessions.map(presentSessionData),
    'quotes.json': data.quotes.map((q) => presentDocument('quote', q, timeZone)),
    'invoices.json': data.invoices.map((i) => presentDocument('invoice', i, timeZone)),
    'credit-notes.json': data.creditNotes.map((n) => presentCreditNote(n, invoiceNumbers.get(n.invoice_id) ?? null)),
    'payments.json': data.payments.map(presentPayment),
    // The evidence of each signature, as kept (issue 31 §2): what the client agreed to, when and from where.
    'signatures.json': data.signatures.map((s) => ({
      quote_id: s.quote_id,
      signer_name: s.signer_name,
      signer_email: s.signer_email,
      signed_at: s.signed_at.toISOString(),
      ip_address: s.ip_address,
      user_agent: s.user_agent,
      consent_text: s.consent_text,
      signed_pdf_sha256: s.pdf_sha256,
    })),
    'receipts.json': data.receipts.map(presentReceipt),
  };
}
