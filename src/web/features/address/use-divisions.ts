import { useEffect, useState } from 'react';
import type { Division } from '../../../contract/address.ts';
import { divisionCalls } from '../../../contract/address-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/** The three codes an address is chosen by; '' while a level is not chosen. */
export interface DivisionChoice {
  provinceCode: string;
  cityCode: string;
  districtCode: string;
}

export const noDivisionChoice: DivisionChoice = { provinceCode: '', cityCode: '', districtCode: '' };

const provincesKey = '';

// Each level is asked once per page: the divisions do not change while it is open.
const answers = new Map<string, Promise<Division[]>>();

function fetchChildren(parentCode: string): Promise<Division[]> {
  let answer = answers.get(parentCode);
  if (!answer) {
    answer =
      parentCode === provincesKey ? callApi(divisionCalls.getProvinceList, {}) : callApi(divisionCalls.queryDistrictList, { areaParentCode: parentCode });
    answers.set(parentCode, answer);
    // A failed level may be asked again.
    answer.catch(() => answers.delete(parentCode));
  }
  return answer;
}

/** Asks for a level's divisions when its parent is chosen, and keeps the answers by parent code. */
function useChildren(parentCode: string | null, known: Record<string, Division[]>) {
  const [lists, setLists] = useState<Record<string, Division[]>>(known);
  const isKnown = parentCode === null || parentCode in lists;
  useEffect(() => {
    if (parentCode === null || isKnown) return;
    let isCurrent = true;
    fetchChildren(parentCode)
      .then((list) => {
        if (isCurrent) setLists((current) => ({ ...current, [parentCode]: list }));
      })
      .catch((error: unknown) => {
        if (isCurrent) toastIfMessage(errorMessageOf(error) || '地区加载失败，请稍后重试');
      });
    return () => {
      isCurrent = false;
    };
  }, [parentCode, isKnown]);
  return parentCode === null ? [] : (lists[parentCode] ?? []);
}

/** A level with one entry (北京市 under 北京市, 东莞市 under 东莞市) is chosen for the member. */
function effectiveCode(chosen: string, list: Division[]): string {
  if (chosen && list.some((division) => division.code === chosen)) return chosen;
  return list.length === 1 ? (list[0]?.code ?? '') : '';
}

export interface Divisions {
  provinces: Division[];
  cities: Division[];
  districts: Division[];
  /** The codes chosen so far (a level of one entry counts as chosen). */
  choice: DivisionChoice;
  chooseProvince: (code: string) => void;
  chooseCity: (code: string) => void;
  chooseDistrict: (code: string) => void;
}

/**
 * The province → city → district cascade: each level is fetched from the server when its parent
 * is chosen (the whole table never reaches the browser). `initialProvinces` saves the first call
 * when the page brought them; `initial` opens an address being edited at its divisions.
 */
export function useDivisions(initial: DivisionChoice = noDivisionChoice, initialProvinces?: Division[]): Divisions {
  const [chosen, setChosen] = useState<DivisionChoice>(initial);
  const provinces = useChildren(provincesKey, initialProvinces ? { [provincesKey]: initialProvinces } : {});
  const { provinceCode } = chosen;
  const cities = useChildren(provinceCode || null, {});
  const cityCode = effectiveCode(chosen.cityCode, cities);
  const districts = useChildren(cityCode || null, {});
  const districtCode = effectiveCode(chosen.districtCode, districts);
  return {
    provinces,
    cities,
    districts,
    choice: { provinceCode, cityCode, districtCode },
    chooseProvince: (code) => {
      setChosen({ provinceCode: code, cityCode: '', districtCode: '' });
    },
    chooseCity: (code) => {
      setChosen((current) => ({ ...current, cityCode: code, districtCode: '' }));
    },
    chooseDistrict: (code) => {
      setChosen((current) => ({ ...current, districtCode: code }));
    },
  };
}
