import { z } from 'zod';
import { optionalText } from '../http/common-schemas';

export const SessionContactParams = z.object({
  id: z.uuid({ message: 'must be a uuid' }),
  contactId: z.uuid({ message: 'must be a uuid' }),
});

/** POST /api/sessions/:id/contacts: an own contact and its role in the session (bride, groom, parent, company…). */
export const AddSessionContactBody = z
  .object({ contact_id: z.uuid({ message: 'must be a uuid' }), role: optionalText(50) })
  .strict();

export const SessionContactView = z.object({
  contact_id: z.uuid(),
  role: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  created_at: z.string(),
});

export const SessionContactsView = z.object({
  main_contact_id: z.uuid().nullable(),
  items: z.array(SessionContactView),
});
