/**
 * The people of a session as its messages and trigger conditions read them (issue 19 §3): the main
 * contact first, then the session contacts in the order they were added.
 */
export interface SessionPerson {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  role: string | null;
}

const nameOf = (p: SessionPerson) =>
  [p.first_name, p.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');

/** "Élodie", "Élodie & Thomas", "Anne, Paul & Léa": first names (else full names), people without a name left out. */
export function firstNamesOf(people: readonly SessionPerson[]): string {
  const names = people.map((p) => p.first_name?.trim() || nameOf(p)).filter(Boolean);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}

/**
 * What trigger conditions read of the attached session contacts (not the main contact, which is
 * `contact.*`): how many, their roles, names and emails as comma-separated text (so `contains`
 * finds one: `session_contacts.roles` contains `groom`).
 */
export function sessionContactsFacts(attached: readonly SessionPerson[]): {
  count: number;
  roles: string;
  names: string;
  emails: string;
} {
  const list = (values: (string | null)[]) =>
    values
      .map((v) => v?.trim())
      .filter(Boolean)
      .join(', ');
  return {
    count: attached.length,
    roles: list(attached.map((p) => p.role)),
    names: list(attached.map(nameOf)),
    emails: list(attached.map((p) => p.email)),
  };
}
