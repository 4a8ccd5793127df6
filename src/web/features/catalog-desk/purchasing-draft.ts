import {
  emptyPurchasing,
  isCadUrl,
  isCountryCode,
  isLeadWeeks,
  isMslLevel,
  isPackaging,
  normalizeEccn,
  purchasingMessages as m,
  type PurchasingData,
  type ReachStatus,
} from '../../../contract/purchasing.ts';

/** 采购与合规 as the form's controls hold it: '' for unsaid. */
export interface PurchasingDraft {
  reachStatus: ReachStatus;
  msl: string;
  eccn: string;
  originCountry: string;
  packaging: string;
  factoryLeadWeeks: string;
  cadSymbolUrl: string;
  cadFootprintUrl: string;
  cadModelUrl: string;
}

export function purchasingDraftOf(data: PurchasingData = emptyPurchasing): PurchasingDraft {
  return {
    reachStatus: data.reachStatus,
    msl: data.msl ?? '',
    eccn: data.eccn ?? '',
    originCountry: data.originCountry ?? '',
    packaging: data.packaging ?? '',
    factoryLeadWeeks: data.factoryLeadWeeks === null ? '' : String(data.factoryLeadWeeks),
    cadSymbolUrl: data.cadSymbolUrl ?? '',
    cadFootprintUrl: data.cadFootprintUrl ?? '',
    cadModelUrl: data.cadModelUrl ?? '',
  };
}

function cadUrlOf(text: string): string | null | undefined {
  const url = text.trim();
  if (url === '') return null;
  return isCadUrl(url) ? url : undefined;
}

/** The data to send, or the first problem in the form's words (the server checks again). */
export function purchasingOfDraft(draft: PurchasingDraft): { purchasing: PurchasingData } | { problem: string } {
  const msl = draft.msl === '' ? null : isMslLevel(draft.msl) ? draft.msl : undefined;
  if (msl === undefined) return { problem: m.mslInvalid };
  const eccn = draft.eccn.trim() === '' ? null : normalizeEccn(draft.eccn);
  if (eccn === null && draft.eccn.trim() !== '') return { problem: m.eccnInvalid };
  const originCountry = draft.originCountry === '' ? null : draft.originCountry;
  if (originCountry !== null && !isCountryCode(originCountry)) return { problem: m.originInvalid };
  const packaging = draft.packaging === '' ? null : isPackaging(draft.packaging) ? draft.packaging : undefined;
  if (packaging === undefined) return { problem: m.packagingInvalid };
  const weeksText = draft.factoryLeadWeeks.trim();
  const factoryLeadWeeks = weeksText === '' ? null : /^\d{1,3}$/.test(weeksText) ? Number(weeksText) : Number.NaN;
  if (factoryLeadWeeks !== null && !isLeadWeeks(factoryLeadWeeks)) return { problem: m.leadWeeksInvalid };
  const [cadSymbolUrl, cadFootprintUrl, cadModelUrl] = [draft.cadSymbolUrl, draft.cadFootprintUrl, draft.cadModelUrl].map(cadUrlOf);
  if (cadSymbolUrl === undefined || cadFootprintUrl === undefined || cadModelUrl === undefined) return { problem: m.cadUrlInvalid };
  return {
    purchasing: { reachStatus: draft.reachStatus, msl, eccn, originCountry, packaging, factoryLeadWeeks, cadSymbolUrl, cadFootprintUrl, cadModelUrl },
  };
}
