import { datasheetFor, type BrandKey } from './brands.data.ts';
import type { CategoryKey } from './category-tree.data.ts';
import { param, type ParamDraft, type ProductDraft, type SalesUnit } from './product-draft.ts';

export interface PartSpec {
  code: string;
  brand: BrandKey;
  category: CategoryKey;
  pkg: string;
  description: string;
  params: ParamDraft[];
  priceE4: number;
  packSize?: number;
  salesUnit?: SalesUnit;
  /** The series name the datasheet is filed under, when not the whole code. */
  datasheetName?: string;
}

/** A part sold by the piece (ICs, discretes, modules, connectors), with 封装 as its first parameter. */
export function part(spec: PartSpec): ProductDraft {
  const packSize = spec.packSize ?? 1;
  return {
    code: spec.code,
    brand: spec.brand,
    category: spec.category,
    package: spec.pkg,
    description: spec.description,
    params: [param('package', spec.pkg), ...spec.params],
    unitPriceE4: spec.priceE4,
    packSize,
    salesUnit: spec.salesUnit ?? (packSize > 1 ? 'reel-passive' : 'tube-ic'),
    datasheetUrl: datasheetFor(spec.brand, spec.datasheetName ?? spec.code),
  };
}
