import { USER_LOCALES, type UserLocale } from '../accounts/users';

/**
 * The language a visitor of the public booking page reads (issue 45 §2): the first of their
 * browser's languages (Accept-Language, in its order) this service writes, exactly ("fr-CA") or by
 * language ("fr-BE" reads fr-FR, "en-NZ" en-US); else the studio's.
 */
export function visitorLocale(acceptLanguage: string | undefined, studioLocale: UserLocale): UserLocale {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.tag && t.tag !== '*' && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const exact = USER_LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.slice(0, 2);
    if (studioLocale.startsWith(language)) return studioLocale;
    if (language === 'fr') return 'fr-FR';
    if (language === 'en') return 'en-US';
  }
  return studioLocale;
}
