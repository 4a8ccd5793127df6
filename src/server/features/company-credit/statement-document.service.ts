import { requestErrors } from '../../../contract/errors.ts';
import { statementFileName } from '../../../contract/company-credit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { chargeWork, takeWorkSlice, type WorkBudget } from '../../work/work-budget.ts';
import { loadStatementDocument } from './company-credit.service.ts';
import type { StatementWork } from './statement-work.ts';
import { statementWorkbook } from './statement-workbook.ts';

/**
 * A 对账单's downloads for its company's 管理员 and 财务: the PDF drawn in a worker thread within the address's CPU
 * budget for documents (the order documents' ORDER_DOCUMENT_ADDRESS_CPU_MS_PER_MINUTE), the workbook at once.
 */

export interface StatementDocumentDeps extends ServiceDeps {
  drawStatement: StatementWork;
}

export type StatementFile = { kind: 'file'; bytes: Buffer; fileName: string } | { kind: 'refused'; status: number; text: string };

const fontMissingText = '对账单暂时无法生成（服务器缺少中文字体），请稍后再试或联系客服';

export async function drawStatementPdf(
  deps: StatementDocumentDeps,
  request: { userId: number; address: string; statementId: number },
  now = Date.now(),
): Promise<StatementFile> {
  const document = await loadStatementDocument(deps.db, request.userId, request.statementId);
  const budget: WorkBudget = { key: `statement-cpu:ip:${request.address}`, cpuMsPerMinute: deps.config.orderDocumentCpuMsPerMinute };
  if (!(await takeWorkSlice(deps.counters, budget))) return { kind: 'refused', status: 429, text: requestErrors.tooFrequent.msg };
  const drawn = await deps.drawStatement(request.address, { font: deps.config.pdfFont, input: { siteName: deps.config.siteName, document, issuedAt: now } });
  await chargeWork(deps.counters, budget, drawn.cpuMs);
  switch (drawn.kind) {
    case 'pdf':
      return {
        kind: 'file',
        bytes: Buffer.from(drawn.bytes.buffer, drawn.bytes.byteOffset, drawn.bytes.byteLength),
        fileName: statementFileName(document.companyName, document.statement.period, 'pdf'),
      };
    case 'fontMissing':
      deps.logger.warn({ err: { message: drawn.message } }, 'Statement PDF without its font');
      return { kind: 'refused', status: 503, text: fontMissingText };
    case 'ownerBusy':
      return { kind: 'refused', status: 429, text: requestErrors.tooFrequent.msg };
    case 'busy':
    case 'tooCostly':
      return { kind: 'refused', status: 503, text: requestErrors.busy.msg };
  }
}

export async function statementWorkbookFile(deps: Pick<ServiceDeps, 'db'>, request: { userId: number; statementId: number }): Promise<StatementFile> {
  const document = await loadStatementDocument(deps.db, request.userId, request.statementId);
  return { kind: 'file', bytes: statementWorkbook(document), fileName: statementFileName(document.companyName, document.statement.period, 'xlsx') };
}
