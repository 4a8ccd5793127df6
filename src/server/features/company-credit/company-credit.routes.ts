import type { FastifyInstance } from 'fastify';
import { loginPath } from '../../../contract/account.ts';
import { companyCreditCalls } from '../../../contract/company-credit-calls.ts';
import { companyCreditRequests } from '../../../contract/company-credit-requests.ts';
import { statementDownloadPath } from '../../../contract/company-credit.ts';
import { registerCalls } from '../../http/api-route.ts';
import { notFound } from '../../http/app-error.ts';
import { attachmentHeader } from '../../http/attachment-header.ts';
import { redirectTo } from '../../http/redirect.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { creditOfMember, loadStatementsPage } from './company-credit.service.ts';
import { drawStatementPdf, statementWorkbookFile, type StatementFile } from './statement-document.service.ts';
import { statementWorkOf } from './statement-work.ts';

const contentTypes = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The member's calls, and GET /user/company/statements/:id.pdf and .xlsx (linked from the statements page). */
export function registerCompanyCreditRoutes(app: FastifyInstance, deps: FeatureDeps) {
  registerCalls(app, companyCreditCalls, companyCreditRequests, {
    statements: ({ userId }) => loadStatementsPage(deps.db, userId, Date.now()),
    credit: ({ userId }) => creditOfMember(deps.db, userId, Date.now()),
  });
  const documentDeps = { ...deps, drawStatement: statementWorkOf(deps.workPool) };
  for (const kind of ['pdf', 'xlsx'] as const) {
    app.get<{ Params: { statementId: string } }>(statementDownloadPath(':statementId', kind), async (request, reply) => {
      const userId = request.visitor.userId;
      if (userId === null) return redirectTo(reply, loginPath(request.url));
      const statementId = Number(request.params.statementId);
      if (!/^\d{1,9}$/.test(request.params.statementId) || statementId < 1) throw notFound();
      const file: StatementFile =
        kind === 'pdf'
          ? await drawStatementPdf(documentDeps, { userId, address: request.ip, statementId })
          : await statementWorkbookFile(deps, { userId, statementId });
      void reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      if (file.kind === 'refused') return reply.status(file.status).type('text/plain; charset=utf-8').send(file.text);
      return reply.type(contentTypes[kind]).header('content-disposition', attachmentHeader(file.fileName)).send(file.bytes);
    });
  }
}
