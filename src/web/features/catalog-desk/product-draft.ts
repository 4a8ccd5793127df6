import {
  adminProductMessages as m,
  productPriceE4Of,
  tiersProblem,
  type AdminProduct,
  type ProductFormOptions,
  type ProductFormValues,
  type ProductLifecycle,
  type ProductTierInput,
} from '../../../contract/console/products.ts';
import { yuanTextOfE4 } from '../../../contract/money.ts';
import { purchasingDraftOf, purchasingOfDraft, type PurchasingDraft } from './purchasing-draft.ts';

/** A tier as its inputs hold it: quantity and prices as typed (yuan, up to 4 decimals). */
export interface TierDraft {
  qtyStart: string;
  price: string;
  originalPrice: string;
}

/** The product form as its controls hold it. */
export interface ProductDraft {
  code: string;
  brandId: string;
  categorySecondId: string;
  description: string;
  package: string;
  datasheetUrl: string;
  lifecycle: ProductLifecycle;
  isRohs: boolean;
  packSize: string;
  label: string;
  isSpecialOffer: boolean;
  isIcZone: boolean;
  imagePath: string;
  tiers: TierDraft[];
  /** By attribute id; '' leaves the parameter out. */
  params: Record<string, string>;
  purchasing: PurchasingDraft;
}

export function draftOf(product: AdminProduct | null): ProductDraft {
  if (!product)
    return {
      code: '',
      brandId: '',
      categorySecondId: '',
      description: '',
      package: '',
      datasheetUrl: '',
      lifecycle: 'active',
      isRohs: true,
      packSize: '1',
      label: '',
      isSpecialOffer: false,
      isIcZone: false,
      imagePath: '',
      tiers: [{ qtyStart: '1', price: '', originalPrice: '' }],
      params: {},
      purchasing: purchasingDraftOf(),
    };
  return {
    code: product.code,
    brandId: String(product.brandId),
    categorySecondId: String(product.categorySecondId),
    description: product.description,
    package: product.package,
    datasheetUrl: product.datasheetUrl,
    lifecycle: product.lifecycle,
    isRohs: product.isRohs,
    packSize: String(product.packSize),
    label: product.label,
    isSpecialOffer: product.isSpecialOffer,
    isIcZone: product.isIcZone,
    imagePath: product.imagePath,
    tiers: product.tiers.map((tier) => ({
      qtyStart: String(tier.qtyStart),
      price: yuanTextOfE4(tier.priceE4),
      originalPrice: tier.originalPriceE4 === null ? '' : yuanTextOfE4(tier.originalPriceE4),
    })),
    params: Object.fromEntries(product.params.map((param) => [String(param.attributeId), param.valueText])),
    purchasing: purchasingDraftOf(product.purchasing),
  };
}

function wholeNumber(text: string): number {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** The values to send, or the first problem in the form's words (the server checks the same rules again). */
export function valuesOf(draft: ProductDraft, options: ProductFormOptions): { values: ProductFormValues } | { problem: string } {
  if (draft.code.trim() === '') return { problem: m.codeMissing };
  if (draft.brandId === '') return { problem: m.brandMissing };
  if (draft.categorySecondId === '') return { problem: m.categoryMissing };
  const packSize = wholeNumber(draft.packSize);
  if (!(packSize >= 1)) return { problem: m.packSizeInvalid };
  const tiers: ProductTierInput[] = [];
  for (const tier of draft.tiers) {
    const priceE4 = productPriceE4Of(tier.price);
    if (priceE4 === null) return { problem: m.priceInvalid };
    const originalPriceE4 = draft.isSpecialOffer ? productPriceE4Of(tier.originalPrice) : null;
    tiers.push({ qtyStart: wholeNumber(tier.qtyStart), priceE4, originalPriceE4 });
  }
  const problem = tiersProblem(tiers, packSize, draft.isSpecialOffer);
  if (problem) return { problem };
  const categorySecondId = Number(draft.categorySecondId);
  const attributes = options.categories.find((category) => category.id === categorySecondId)?.attributes ?? [];
  const params = attributes.flatMap((attribute) => {
    const valueText = (draft.params[String(attribute.id)] ?? '').trim();
    return valueText === '' ? [] : [{ attributeId: attribute.id, valueText }];
  });
  const purchasing = purchasingOfDraft(draft.purchasing);
  if ('problem' in purchasing) return purchasing;
  return {
    values: {
      code: draft.code.trim(),
      brandId: Number(draft.brandId),
      categorySecondId,
      description: draft.description.trim(),
      package: draft.package.trim(),
      datasheetUrl: draft.datasheetUrl.trim(),
      lifecycle: draft.lifecycle,
      isRohs: draft.isRohs,
      packSize,
      label: draft.label.trim(),
      isSpecialOffer: draft.isSpecialOffer,
      isIcZone: draft.isIcZone,
      imagePath: draft.imagePath,
      tiers,
      params,
      purchasing: purchasing.purchasing,
    },
  };
}
