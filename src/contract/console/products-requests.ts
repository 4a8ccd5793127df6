import { z } from 'zod';
import {
  adminProductMessages as m,
  isHttpUrl,
  maxWarehousesPerSave,
  productFormLimits as limits,
  productLifecycles,
  productSortColumns,
  tiersProblem,
} from './products.ts';
import { isCadUrl, isCountryCode, mslLevels, normalizeEccn, packagings, purchasingLimits, purchasingMessages as pm, reachStatuses } from '../purchasing.ts';
import { gridFlagFilter, gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';

const invalid = '请求参数有误';
const id = (message: string) => z.number(message).int(message).min(1, message).max(2_147_483_647, message);
const productId = id(m.productMissing);
const lifecycle = z.enum(productLifecycles, m.lifecycleInvalid);

const tier = z.object(
  {
    qtyStart: z.number(m.qtyInvalid),
    priceE4: z.number(m.priceInvalid),
    originalPriceE4: z.number(m.originalMissing).nullable().default(null),
  },
  invalid,
);

const param = z.object(
  {
    attributeId: id(m.paramUnknown),
    valueText: z.string(m.paramEmpty).trim().min(1, m.paramEmpty).max(limits.paramMax, m.paramTooLong),
  },
  invalid,
);

const cadUrl = z
  .string(pm.cadUrlInvalid)
  .trim()
  .refine((url) => url === '' || isCadUrl(url), pm.cadUrlInvalid)
  .nullable()
  .transform((url) => (url === '' ? null : url));

/** 采购与合规: each field null where nobody has said; an ECCN in any case is kept in its usual spelling (3A991.a.2). */
const purchasing = z.object(
  {
    reachStatus: z.enum(reachStatuses, pm.reachInvalid),
    msl: z.enum(mslLevels, pm.mslInvalid).nullable(),
    eccn: z
      .string(pm.eccnInvalid)
      .nullable()
      .transform((text, context) => {
        if (text === null || text.trim() === '') return null;
        const eccn = normalizeEccn(text);
        if (eccn === null) context.addIssue({ code: 'custom', message: pm.eccnInvalid });
        return eccn;
      }),
    originCountry: z.string(pm.originInvalid).refine(isCountryCode, pm.originInvalid).nullable(),
    packaging: z.enum(packagings, pm.packagingInvalid).nullable(),
    factoryLeadWeeks: z
      .number(pm.leadWeeksInvalid)
      .int(pm.leadWeeksInvalid)
      .min(purchasingLimits.leadWeeksMin, pm.leadWeeksInvalid)
      .max(purchasingLimits.leadWeeksMax, pm.leadWeeksInvalid)
      .nullable(),
    cadSymbolUrl: cadUrl,
    cadFootprintUrl: cadUrl,
    cadModelUrl: cadUrl,
  },
  invalid,
);

const productForm = z
  .object({
    code: z.string(m.codeMissing).trim().min(1, m.codeMissing).max(limits.codeMax, m.codeTooLong),
    brandId: id(m.brandMissing),
    categorySecondId: id(m.categoryMissing),
    description: z.string(invalid).trim().max(limits.descriptionMax, m.descriptionTooLong).default(''),
    package: z.string(invalid).trim().max(limits.packageMax, m.packageTooLong).default(''),
    datasheetUrl: z
      .string(m.urlInvalid)
      .trim()
      .max(limits.urlMax, m.urlInvalid)
      .refine((url) => url === '' || isHttpUrl(url), m.urlInvalid)
      .default(''),
    lifecycle,
    isRohs: z.boolean(invalid),
    packSize: z.number(m.packSizeInvalid).int(m.packSizeInvalid).min(1, m.packSizeInvalid).max(limits.maxPackSize, m.packSizeInvalid),
    label: z.string(invalid).trim().max(limits.labelMax, m.labelTooLong).default(''),
    isSpecialOffer: z.boolean(invalid),
    isIcZone: z.boolean(invalid),
    imagePath: z.string(m.imageInvalid).trim().max(200, m.imageInvalid).default(''),
    tiers: z.array(tier, m.tiersMissing).max(limits.maxTiers, m.tiersTooMany),
    params: z
      .array(param, invalid)
      .max(limits.maxParams, m.paramsTooMany)
      .refine((params) => new Set(params.map((p) => p.attributeId)).size === params.length, m.paramDuplicate),
    purchasing: purchasing.optional(),
  })
  .superRefine((form, context) => {
    const problem = tiersProblem(form.tiers, form.packSize, form.isSpecialOffer);
    if (problem) context.addIssue({ code: 'custom', path: ['tiers'], message: problem });
  });

const productIds = z.array(productId, m.bulkEmpty).min(1, m.bulkEmpty).max(limits.bulkMax, m.bulkTooMany);

/** The grid's filters: a part-number prefix, brand, category (either level), lifecycle, in stock, the zones. */
export const productListQuery = gridQuerySchema(productSortColumns, {
  code: gridTextFilter(limits.codeMax),
  brandId: id(invalid).optional(),
  categoryId: id(invalid).optional(),
  lifecycle: lifecycle.optional(),
  hasStock: gridFlagFilter,
  isSpecialOffer: gridFlagFilter,
  isIcZone: gridFlagFilter,
});

export const adminProductsRequests = {
  list: productListQuery,
  get: z.object({ productId }),
  create: productForm,
  save: z.intersection(z.object({ productId, expectedUpdatedAt: z.number(invalid).int(invalid).min(0, invalid) }), productForm),
  setStock: z.object({
    productId,
    /** One figure per warehouse, each set over the figure the form showed: a change by an order or a colleague since then refuses the save. */
    warehouses: z
      .array(
        z.object(
          {
            warehouseId: id(m.warehouseUnknown),
            expectedQuantity: z.number(invalid).int(invalid).min(0, invalid).max(2_147_483_647, invalid),
            quantity: z.number(m.stockInvalid).int(m.stockInvalid).min(0, m.stockInvalid).max(limits.maxStock, m.stockInvalid),
          },
          invalid,
        ),
        m.warehousesInvalid,
      )
      .min(1, m.warehousesInvalid)
      .max(maxWarehousesPerSave, m.warehousesInvalid)
      .refine((list) => new Set(list.map((entry) => entry.warehouseId)).size === list.length, m.warehousesInvalid),
  }),
  bulkSetLifecycle: z.object({ productIds, lifecycle }),
  bulkSetSpecialOffer: z.object({ productIds, isSpecialOffer: z.boolean(invalid) }),
  bulkSetIcZone: z.object({ productIds, isIcZone: z.boolean(invalid) }),
};
