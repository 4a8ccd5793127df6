import { describe, expect, it } from 'vitest';
import { divisionCalls } from '../../../contract/address-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { listDivisionChildren, listProvinces } from './division.service.ts';

describe('divisions: getProvinceList and queryDistrictList', () => {
  const t = useTestApp();

  const childrenOf = (areaParentCode: string) => t.browser().callOk(divisionCalls.queryDistrictList, { areaParentCode });

  it('lists the provinces to a visitor, municipalities and special regions included, Taiwan (no divisions in the package) left out', async () => {
    const provinces = await t.browser().callOk(divisionCalls.getProvinceList, {});
    expect(provinces).toHaveLength(33);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市' });
    expect(provinces).toContainEqual({ code: '440000', name: '广东省' });
    expect(provinces).toContainEqual({ code: '810000', name: '香港特别行政区' });
    expect(provinces.map((province) => province.code)).not.toContain('710000');
  });

  it("gives a province's cities and a city's districts, without the 市辖区 pseudo-district", async () => {
    const cities = await childrenOf('440000');
    expect(cities).toContainEqual({ code: '440300', name: '深圳市' });
    expect(cities).toHaveLength(21);
    const districts = await childrenOf('440300');
    expect(districts).toContainEqual({ code: '440305', name: '南山区' });
    expect(districts.map((district) => district.name)).not.toContain('市辖区');
  });

  it('gives a municipality one city of its own name, with its districts under it', async () => {
    expect(await childrenOf('110000')).toEqual([{ code: '110100', name: '北京市' }]);
    const districts = await childrenOf('110100');
    expect(districts).toHaveLength(16);
    expect(districts[0]).toEqual({ code: '110101', name: '东城区' });
    const chongqing = await childrenOf('500100');
    expect(chongqing).toContainEqual({ code: '500229', name: '城口县' });
    expect(await childrenOf('810000')).toEqual([{ code: '810100', name: '香港特别行政区' }]);
    expect(await childrenOf('810100')).toContainEqual({ code: '810001', name: '中西区' });
  });

  it('makes a city without districts its own only district, and names the province-governed counties plainly', async () => {
    expect(await childrenOf('441900')).toEqual([{ code: '441900', name: '东莞市' }]);
    expect(await childrenOf('620200')).toEqual([{ code: '620200', name: '嘉峪关市' }]);
    expect(await childrenOf('420000')).toContainEqual({ code: '429000', name: '省直辖县级行政区划' });
    expect(await childrenOf('650000')).toContainEqual({ code: '659000', name: '自治区直辖县级行政区划' });
    expect(await childrenOf('429000')).toContainEqual({ code: '429004', name: '仙桃市' });
  });

  it('accepts the code as a number too', async () => {
    expect(await t.browser().callOk(divisionCalls.queryDistrictList, { areaParentCode: 440000 })).toContainEqual({ code: '440300', name: '深圳市' });
  });

  it('refuses unknown codes, districts and malformed codes with a Chinese message', async () => {
    const browser = t.browser();
    for (const areaParentCode of ['710000', '999999', '440305', '000000']) {
      expect(await browser.call(divisionCalls.queryDistrictList, { areaParentCode })).toMatchObject({
        code: 404,
        errorCode: 'address.divisionNotFound',
        msg: '地区不存在，请重新选择',
      });
    }
    for (const areaParentCode of ['44000', 'abcdef', '', '4400000']) {
      expect(await browser.call(divisionCalls.queryDistrictList, { areaParentCode })).toMatchObject({
        code: 400,
        errorCode: 'request.invalid',
        msg: '地区不存在，请重新选择',
      });
    }
    expect(await browser.post(divisionCalls.queryDistrictList.path, {})).toMatchObject({ code: 400, errorCode: 'request.invalid' });
  });

  it('has three full levels everywhere: each province a city, each city a district, no pseudo-districts, codes of six digits', () => {
    let districtCount = 0;
    for (const province of listProvinces()) {
      const cities = listDivisionChildren(province.code);
      expect(cities.length, province.name).toBeGreaterThan(0);
      for (const city of cities) {
        const districts = listDivisionChildren(city.code);
        expect(districts.length, `${province.name} ${city.name}`).toBeGreaterThan(0);
        for (const district of districts) {
          expect(district.code).toMatch(/^\d{6}$/);
          expect(district.name).not.toBe('市辖区');
        }
        districtCount += districts.length;
      }
    }
    expect(districtCount).toBeGreaterThan(2800);
  });
});
