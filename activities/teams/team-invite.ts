import { ApplicationFailure } from '@temporalio/activity';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type setInvitationLink } from '../../db/commands/team';
import { type findInvitationLetter } from '../../db/queries/team';
import { languageOf } from '../../domain/accounts/locale-language';
import { type UserLocale } from '../../domain/accounts/users';
import { DomainError, NotFoundError } from '../../domain/errors';
import { newSecretToken } from '../../domain/secret-token';
import { invitationExpiry, invitationStatus } from '../../domain/teams/invitations';
import { invitationEmail } from '../../domain/teams/invitation-email';
import { type TeamInviteActivities } from '../../workflows/teams/contract';
import { type Bound } from '../db-deps';

export interface TeamInviteDb {
  findInvitationLetter: Bound<typeof findInvitationLetter>;
  setInvitationLink: Bound<typeof setInvitationLink>;
}

export interface TeamInviteDeps extends TeamInviteDb {
  logger: Logger;
  mailer: Transporter;
  mailFrom: string;
  /** Base of the link (APP_BASE_URL): the studio app's page that accepts an invitation. */
  appBaseUrl: string;
}

export function createTeamInviteActivities(deps: TeamInviteDeps): TeamInviteActivities {
  return {
    async sendTeamInvite({ jobRunId, payload }) {
      try {
        const letter = await deps.findInvitationLetter(payload.invitationId);
        if (!letter) throw new NotFoundError('Invitation');
        const status = invitationStatus(letter, new Date());
        if (status === 'accepted' || status === 'revoked') return { to: letter.email, expiresAt: '' };
        // A retried attempt makes a new link; only the email that is sent carries one.
        const { token, hash } = newSecretToken();
        const sentAt = new Date();
        const expiresAt = invitationExpiry(sentAt);
        await deps.setInvitationLink(letter.id, { tokenHash: hash, sentAt, expiresAt });
        const link = `${deps.appBaseUrl.replace(/\/$/, '')}/join/${encodeURIComponent(token)}`;
        const email = invitationEmail(languageOf(letter.locale as UserLocale), {
          studioName: letter.studio_name,
          inviterName: letter.inviter_name,
          role: letter.role,
          link,
          expiresAt,
          locale: letter.locale,
        });
        await deps.mailer.sendMail({
          from: deps.mailFrom,
          to: letter.email,
          ...email,
          messageId: `<team-invite-${jobRunId}@studio.local>`,
        });
        deps.logger.info({ jobRunId, invitationId: letter.id, role: letter.role }, 'Team invitation sent');
        return { to: letter.email, expiresAt: expiresAt.toISOString() };
      } catch (err) {
        if (err instanceof DomainError)
          throw ApplicationFailure.create({ type: err.code, message: err.message, nonRetryable: true });
        throw err;
      }
    },
  };
}
