import { describe, expect, it } from 'vitest';
import { bankNameRule, companyNameRule, registeredAddressRule, registeredPhoneRule } from '../../../contract/invoice.ts';
import { isBankNumber, isTaxNumber } from '../../../contract/rules.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { listDivisionChildren } from '../address/division.service.ts';
import { creditCodeOf, demoCompanies, seedCompanyCount, seedCompanyRegister } from './company.seed.ts';
import { seedPlaces } from './company-seed.data.ts';

describe('the demo company register', () => {
  const t = useTestApp();

  it('computes the check characters of a 统一社会信用代码 as GB 32100 does', () => {
    // A published example: 91350100M000100Y43 (its organisation code M000100Y4).
    expect(creditCodeOf('350100', 'M000100Y')).toBe('91350100M000100Y43');
  });

  it(`makes ${seedCompanyCount} companies with distinct names and tax numbers that pass the invoice rules, the same on every run`, () => {
    const companies = demoCompanies();
    expect(companies).toHaveLength(seedCompanyCount);
    expect(new Set(companies.map((company) => company.name)).size).toBe(seedCompanyCount);
    expect(new Set(companies.map((company) => company.taxNumber)).size).toBe(seedCompanyCount);
    for (const company of companies) {
      expect(company.taxNumber).toMatch(/^91\d{6}[0-9A-Z]{10}$/);
      expect(isTaxNumber(company.taxNumber)).toBe(true);
      expect(isBankNumber(company.bankAccount)).toBe(true);
      for (const [rule, value] of [
        [companyNameRule, company.name],
        [registeredAddressRule, company.registeredAddress],
        [registeredPhoneRule, company.registeredPhone],
        [bankNameRule, company.bankName],
      ] as const) {
        expect(rule.check(value), value).toBe('');
      }
    }
    expect(demoCompanies()).toEqual(companies);
  });

  it('registers its companies in real districts', () => {
    for (const place of seedPlaces) {
      const provinceCode = `${place.divisionCode.slice(0, 2)}0000`;
      const districts = listDivisionChildren(provinceCode).flatMap((city) => listDivisionChildren(city.code));
      expect(
        districts.map((district) => district.code),
        `${place.city}${place.district}`,
      ).toContain(place.divisionCode);
    }
  });

  it('loads them as verified, and a second load adds nothing', async () => {
    await seedCompanyRegister(t.db.kysely);
    await seedCompanyRegister(t.db.kysely);
    const rows = await t.db.kysely
      .selectFrom('companies')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('isVerified').as('verified')])
      .executeTakeFirstOrThrow();
    expect(rows).toEqual({ count: seedCompanyCount, verified: 1 });
  });
});
