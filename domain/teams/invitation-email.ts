import { type WordLocale } from '../accounts/users';
import { esc } from '../html-escape';
import { type MemberRole } from './roles';

const ROLE_NAMES: Record<WordLocale, Record<Exclude<MemberRole, 'owner'>, string>> = {
  'fr-FR': { admin: 'administrateur', photographer: 'photographe', assistant: 'assistant', bookkeeper: 'comptable' },
  'en-US': { admin: 'admin', photographer: 'photographer', assistant: 'assistant', bookkeeper: 'bookkeeper' },
};

export interface InvitationEmailFacts {
  studioName: string;
  inviterName: string | null;
  role: Exclude<MemberRole, 'owner'>;
  link: string;
  expiresAt: Date;
  /** The locale the date is written in. */
  locale: string;
}

/** The email inviting someone to join a studio (issue 44 §1), in the inviter's language. */
export function invitationEmail(
  language: WordLocale,
  facts: InvitationEmailFacts,
): { subject: string; text: string; html: string } {
  const role = ROLE_NAMES[language][facts.role];
  const until = new Intl.DateTimeFormat(facts.locale, { dateStyle: 'long' }).format(facts.expiresAt);
  const who = facts.inviterName ?? facts.studioName;
  const [subject, intro, action, expiry] =
    language === 'fr-FR'
      ? [
          `${facts.studioName} vous invite à rejoindre son équipe`,
          `${who} vous invite à rejoindre ${facts.studioName} en tant que ${role}.`,
          'Pour accepter, ouvrez ce lien :',
          `Ce lien est valable jusqu’au ${until} et ne sert qu’une fois.`,
        ]
      : [
          `${facts.studioName} invites you to join their team`,
          `${who} invites you to join ${facts.studioName} as ${role}.`,
          'To accept, open this link:',
          `This link works until ${until}, once.`,
        ];
  return {
    subject,
    text: `${intro}\n\n${action}\n${facts.link}\n\n${expiry}\n`,
    html: `<p>${esc(intro)}</p><p>${esc(action)}</p><p><a href="${esc(facts.link)}">${esc(facts.link)}</a></p><p>${esc(expiry)}</p>`,
  };
}
