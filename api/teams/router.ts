import { type Client } from '@temporalio/client';
import { Router, type RequestHandler } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { z } from 'zod';
import { findUser } from '../../db/queries/users';
import { findStudio } from '../../db/queries/studios';
import { listInvitations, listMembers, listStudiosOf } from '../../db/queries/team';
import {
  acceptTeamInvitation,
  inviteMember,
  removeTeamMember,
  resendInvitation,
  revokeTeamInvitation,
  switchTeamStudio,
  transferStudioOwnership,
} from '../../services/teams/team';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { presentUser } from '../auth/presenter';
import { AuthResponse } from '../auth/schema';
import { type TokenService } from '../auth/tokens';
import { IdParams } from '../http/common-schemas';
import { registerRoutes, type RouteKit, routesFor } from '../http/route-kit';
import { presentInvitation, presentMember } from './presenter';
import {
  AcceptBody,
  InvitationView,
  InviteBody,
  MemberParams,
  MemberView,
  SentInvitationView,
  StudioOfMemberView,
  SwitchStudioBody,
  TransferBody,
} from './schema';

export interface TeamRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  tokens: TokenService;
  adminEmails: string[];
  kit: RouteKit;
  /** Forgets what the auth guard keeps of an account (api/auth/user-lookup.ts). */
  forgetUser: (userId: string) => void;
  /** Per-user limit of emails sent. */
  emailLimit: RequestHandler;
  /** Per-address limit of invitation acceptances (a token or password guessed). */
  acceptLimit: RequestHandler;
}

const passwords = { verify: verifyPassword, verifyAgainstDummy, hash: hashPassword };
const tag = 'team';
const Members = z.object({ items: z.array(MemberView) });

type TeamHandlers = TeamRouterDeps & {
  team: { sequelize: Sequelize; temporal: Client; forgetUser: (userId: string) => void };
  members: (orgId: string) => Promise<z.infer<typeof Members>>;
};
const route = routesFor<TeamHandlers, TeamRouterDeps>();

/** Every route of buildTeamRouter, in the document's order. */
const TEAM_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/team/members',
      operationId: 'listTeamMembers',
      summary: "The studio's members and their roles, the owner first",
      tag,
      auth: 'user',
      response: Members,
    },
    ({ members }) =>
      async ({ user }) =>
        members(user.orgId),
  ),
  route(
    {
      method: 'delete',
      path: '/api/team/members/:userId',
      operationId: 'removeTeamMember',
      summary: "Remove a member: their sign-in stops at once; what they made stays the studio's",
      tag,
      auth: 'user',
      params: MemberParams,
      errors: ['owner_not_removable'],
      status: 204,
    },
    ({ team }) =>
      async ({ user, params }) => {
        await removeTeamMember(team, user, params.userId);
      },
  ),
  route(
    {
      method: 'post',
      path: '/api/team/ownership',
      operationId: 'transferStudioOwnership',
      summary: 'Make another member the owner; the owner becomes an admin',
      tag,
      auth: 'user',
      body: TransferBody,
      response: Members,
    },
    ({ team, members }) =>
      async ({ user, body }) => {
        await transferStudioOwnership(team, user, body.user_id);
        return members(user.orgId);
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/team/invitations',
      operationId: 'listTeamInvitations',
      summary: "The studio's invitations, newest first, with where each stands",
      tag,
      auth: 'user',
      response: z.object({ items: z.array(InvitationView) }),
    },
    ({ sequelize }) =>
      async ({ user }) => ({
        items: (await listInvitations(sequelize, user.orgId)).map((i) => presentInvitation(i)),
      }),
  ),
  route(
    (deps) => ({
      method: 'post',
      path: '/api/team/invitations',
      operationId: 'inviteTeamMember',
      summary: 'Invite someone by email to join the studio with a role; the email carries a single-use link',
      tag,
      auth: 'user',
      after: [deps.emailLimit],
      body: InviteBody,
      errors: ['already_member', 'invitation_pending'],
      response: SentInvitationView,
      status: 201,
    }),
    ({ team }) =>
      async ({ user, body, req }) => {
        const sent = await inviteMember(team, user, body, req.requestId);
        return { invitation: presentInvitation(sent.invitation), jobRunId: sent.jobRunId };
      },
  ),
  route(
    (deps) => ({
      method: 'post',
      path: '/api/team/invitations/accept',
      operationId: 'acceptTeamInvitation',
      summary:
        "Join a studio with an invitation's token: an account with the invited address signs in with its password, else one is created",
      tag,
      auth: 'none',
      before: [deps.acceptLimit],
      body: AcceptBody,
      errors: ['invitation_closed', 'already_member'],
      response: AuthResponse,
    }),
    ({ team, sequelize, tokens, adminEmails }) =>
      async ({ body }) => {
        const joined = await acceptTeamInvitation(team, passwords, body);
        const person = await findUser(sequelize, joined.userId);
        return {
          user: presentUser(person, await findStudio(sequelize, person.org_id), adminEmails),
          accessToken: await tokens.issueUserToken(joined.userId),
        };
      },
  ),
  route(
    (deps) => ({
      method: 'post',
      path: '/api/team/invitations/:id/resend',
      operationId: 'resendTeamInvitation',
      summary: 'Email an invitation again with a new link; the older link stops working',
      tag,
      auth: 'user',
      after: [deps.emailLimit],
      params: IdParams,
      errors: ['invitation_closed'],
      response: SentInvitationView,
      status: 202,
    }),
    ({ team }) =>
      async ({ user, params, req }) => {
        const sent = await resendInvitation(team, user, params.id, req.requestId);
        return { invitation: presentInvitation(sent.invitation), jobRunId: sent.jobRunId };
      },
  ),
  route(
    {
      method: 'delete',
      path: '/api/team/invitations/:id',
      operationId: 'revokeTeamInvitation',
      summary: 'Revoke a waiting invitation: its link joins no one',
      tag,
      auth: 'user',
      params: IdParams,
      errors: ['invitation_closed'],
      status: 204,
    },
    ({ team }) =>
      async ({ user, params }) => {
        await revokeTeamInvitation(team, user, params.id);
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/users/me/studios',
      operationId: 'listMyStudios',
      summary: 'The studios the signed-in person is a member of, the one they act in first',
      tag,
      auth: 'user',
      response: z.object({ items: z.array(StudioOfMemberView) }),
    },
    ({ sequelize }) =>
      async ({ user }) => ({ items: await listStudiosOf(sequelize, user.id) }),
  ),
  route(
    {
      method: 'put',
      path: '/api/users/me/studio',
      operationId: 'switchStudio',
      summary: 'Act in another studio the signed-in person is a member of, from the next request',
      tag,
      auth: 'user',
      body: SwitchStudioBody,
      response: z.object({ items: z.array(StudioOfMemberView) }),
    },
    ({ sequelize, team }) =>
      async ({ user, body }) => {
        await switchTeamStudio(team, user, body.org_id);
        return { items: await listStudiosOf(sequelize, user.id) };
      },
  ),
];

/** The studio's team (issue 44 §1): members, invitations, ownership. */
export function buildTeamRouter(deps: TeamRouterDeps): Router {
  const { sequelize } = deps;
  const handlers: TeamHandlers = {
    ...deps,
    team: { sequelize, temporal: deps.temporal, forgetUser: deps.forgetUser },
    members: async (orgId) => ({ items: (await listMembers(sequelize, orgId)).map(presentMember) }),
  };
  return registerRoutes(Router(), deps.kit, TEAM_ROUTES, handlers, deps);
}
