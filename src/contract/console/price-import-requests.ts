import { z } from 'zod';
import { gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';
import { priceImportJobStatuses } from '../price-import.ts';

const invalid = '请求参数有误';
const id = (message: string) => z.number(message).int(message).min(1, message).max(2_147_483_647, message);
const column = z.number(invalid).int(invalid).min(0, invalid).max(255, invalid);
const uploadId = id('请先上传文件');
const jobId = id('导入任务不存在');

const mapping = z.object(
  {
    mpn: column,
    brand: column.optional(),
    storeCode: column.optional(),
    package: column.optional(),
    description: column.optional(),
    stock: z.array(column, invalid).max(30, invalid).optional(),
    packSize: column.optional(),
    moq: column.optional(),
    unitPrice: column.optional(),
    reachStatus: column.optional(),
    msl: column.optional(),
    eccn: column.optional(),
    originCountry: column.optional(),
    packaging: column.optional(),
    factoryLeadWeeks: column.optional(),
    cadSymbolUrl: column.optional(),
    cadFootprintUrl: column.optional(),
    cadModelUrl: column.optional(),
    tiers: z
      .array(
        z.object({
          priceColumn: column,
          qtyStart: z.number(invalid).int(invalid).min(1, '阶梯起始数量须为正整数').max(2_000_000_000, invalid).optional(),
          qtyColumn: column.optional(),
        }),
        invalid,
      )
      .max(20, '阶梯价最多 20 列')
      .optional(),
  },
  invalid,
);

/** 价格导入 (subject PriceImport). */
export const priceImportDeskRequests = {
  validate: z.object({
    uploadId,
    /** The staff member's mapping; without it the detected one. */
    explicit: z.object({ headerRowIndex: z.number(invalid).int(invalid).min(0, invalid).max(29, invalid), mapping }, invalid).optional(),
    newPartCategoryId: id('请选择新商品的分类').optional(),
  }),
  preview: gridQuerySchema(['row'], { uploadId, kind: z.enum(['create', 'update', 'priceChange'], invalid) }),
  apply: z.object({ uploadId }),
  jobs: gridQuerySchema(['id', 'createdAt', 'status'], {
    status: z.enum(priceImportJobStatuses, invalid).optional(),
    fileName: gridTextFilter(64),
  }),
  job: z.object({ jobId }),
  /** `from`: the status the page showed (a page that saw another is answered 已被他人更改，请刷新后重试). */
  resume: z.object({ jobId, from: z.enum(priceImportJobStatuses, invalid).optional() }),
  rollback: z.object({ jobId, from: z.enum(priceImportJobStatuses, invalid).optional() }),
};

/** GET priceImportErrorReportPath?uploadId=N&format=csv|xlsx */
export const priceImportErrorReportQuery = z.object({
  uploadId: z.coerce.number(invalid).pipe(uploadId),
  format: z.enum(['csv', 'xlsx'], invalid).default('csv'),
});

/** GET priceImportRollbackReportPath?jobId=N&format=csv|xlsx */
export const priceImportRollbackReportQuery = z.object({
  jobId: z.coerce.number(invalid).pipe(jobId),
  format: z.enum(['csv', 'xlsx'], invalid).default('csv'),
});
