import { Router } from 'express';
import { saveCompanyProfile } from '../../db/commands/save-company-profile';
import { readCompanyProfile } from '../../db/queries/company-profile';
import { type DataRouterDeps } from '../http/route-kit';
import { presentCompanyProfile } from './presenter';
import { CompanyProfileBody, CompanyProfileView } from './schema';

/** /api/users/me/company: the legal identity and payment details the studio's documents carry. */
export function buildCompanyProfileRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'company-profile';

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/users/me/company',
      operationId: 'getCompanyProfile',
      summary: 'The company profile printed on quotes and invoices (404 before the first save)',
      tag,
      auth: 'user',
      response: CompanyProfileView,
    },
    async ({ user }) => presentCompanyProfile(await readCompanyProfile(sequelize, user.orgId), user.locale),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/users/me/company',
      operationId: 'saveCompanyProfile',
      summary:
        'Save the whole company profile (SIREN, SIRET, VAT number and IBAN checked; a field left out is cleared)',
      tag,
      auth: 'user',
      body: CompanyProfileBody,
      response: CompanyProfileView,
    },
    async ({ user, body, req }) =>
      presentCompanyProfile(await saveCompanyProfile(sequelize, user.orgId, body, req.requestId), user.locale),
  );

  return router;
}
