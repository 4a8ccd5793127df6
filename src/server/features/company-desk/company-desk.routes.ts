import type { FastifyInstance } from 'fastify';
import { companyCreditMessages } from '../../../contract/company-credit.ts';
import { companyDeskCalls } from '../../../contract/console/company-desk-calls.ts';
import { companyDeskRequests } from '../../../contract/console/company-desk-requests.ts';
import { WithMessage } from '../../http/api-route.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { grantCompanyCredit, listCompanyDesk, loadCompanyDesk, settleCompanyStatement, withdrawCompanyCredit } from './company-desk.service.ts';

/** 企业月结: read by sales (read CompanyCredit), changed by finance and administrators (update CompanyCredit), every change audited. */
export function registerCompanyDeskRoutes(app: FastifyInstance, deps: FeatureDeps) {
  registerStaffCalls(app, companyDeskCalls, companyDeskRequests, {
    list: ({ body }) => listCompanyDesk(deps.db, body),
    detail: ({ body, actor }) => loadCompanyDesk(deps.db, body.companyId, actor.staff),
    async grant({ body, actor }) {
      const detail = await grantCompanyCredit(deps.db, actor, body);
      return new WithMessage(detail, companyCreditMessages.granted);
    },
    async withdraw({ body, actor }) {
      return new WithMessage(await withdrawCompanyCredit(deps.db, actor, body.companyId), companyCreditMessages.withdrawn);
    },
    async settle({ body, actor }) {
      return new WithMessage(await settleCompanyStatement(deps.db, actor, body), companyCreditMessages.settled);
    },
  });
}
