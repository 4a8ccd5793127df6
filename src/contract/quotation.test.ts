import { describe, expect, it } from 'vitest';
import { quotationProblemPath, quotationProblemText, quotationSettlementPath, quotationStatuses, quotationStatusLabels } from './quotation.ts';
import { quotationRequests } from './quotation-requests.ts';

describe('quotation contract', () => {
  it('labels every status in Chinese', () => {
    expect(quotationStatuses.map((status) => quotationStatusLabels[status])).toEqual(['待报价', '已报价', '已接受', '已下单', '已过期', '已取消', '已关闭']);
  });

  it('reads a request: trimmed texts, defaults, and the limits on lines, quantities and notes', () => {
    const parsed = quotationRequests.request.parse({ lines: [{ lineNo: 1, partNumber: '  STM32F103C8T6 ', quantity: 10, productId: '42' }] });
    expect(parsed).toEqual({ note: '', lines: [{ lineNo: 1, partNumber: 'STM32F103C8T6', brand: '', package: '', quantity: 10, remark: '', productId: 42 }] });
    const problem = (body: unknown) => quotationRequests.request.safeParse(body).error?.issues[0]?.message;
    expect(problem({ lines: [] })).toBe('请至少选择一项需要询价的物料');
    expect(problem({ lines: [{ lineNo: 1, partNumber: ' ', quantity: 1 }] })).toBe('请填写型号');
    expect(problem({ lines: [{ lineNo: 1, partNumber: 'X', quantity: 1.5 }] })).toBe('数量须为 1 至 1000000 的整数');
    expect(problem({ lines: [{ lineNo: 1, partNumber: 'X', quantity: 1_000_001 }] })).toBe('数量须为 1 至 1000000 的整数');
    expect(problem({ note: '注'.repeat(501), lines: [{ lineNo: 1, partNumber: 'X', quantity: 1 }] })).toBe('备注不能超过500个字');
    expect(quotationRequests.request.safeParse({ note: '注'.repeat(500), lines: [{ lineNo: 1, partNumber: 'X', quantity: 1 }] }).success).toBe(true);
  });

  it('builds the settlement address and reads back only quotation problems', () => {
    expect(quotationSettlementPath(12)).toBe('/offer/settlement?quotationId=12');
    expect(quotationProblemPath('quotation.expired')).toBe('/user/quotation?problem=quotation.expired');
    expect(quotationProblemText('quotation.expired')).toBe('报价已过有效期，请重新询价');
    expect(quotationProblemText('<script>')).toBe('');
    expect(quotationProblemText(undefined)).toBe('');
  });
});
