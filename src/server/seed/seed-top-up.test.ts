import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';
import { createMember } from '../testing/factories.ts';
import { demoMember } from '../features/account/account.seed.ts';
import { topUpDemoData } from './seed.ts';
import { demoCompanies, seedCompanyCount } from '../features/invoice/company.seed.ts';
import { learnCompany } from '../features/invoice/company.service.ts';

describe('the company register of a store seeded before it existed', () => {
  const t = useTestApp();
  const register = demoCompanies();
  const countAll = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('is added at the next start of a store with the demo data, keeping the companies learnt from profiles, and only once', async () => {
    const seeded = register[7];
    if (!seeded) throw new Error('no seeded company');
    // Before the register: five companies learnt from members' profiles, one of them under a tax number the register also has.
    await learnCompany(t.db.kysely, { type: 'normal-company', companyName: '东莞市学来电子有限公司', taxNumber: seeded.taxNumber }, 1);
    for (const index of [1, 2, 3, 4]) {
      await learnCompany(
        t.db.kysely,
        { type: 'normal-company', companyName: `苏州学来${String(index)}号科技有限公司`, taxNumber: `91320500MA1LEARN${String(index)}X` },
        1,
      );
    }

    // No demo member: a real store's register is not filled with demo companies.
    await topUpDemoData(t.db, {});
    expect(await countAll()).toBe(5);

    await createMember(t.db.kysely, { phone: demoMember.phone });
    await topUpDemoData(t.db, {});
    expect(await countAll()).toBe(seedCompanyCount + 4);
    const learnt = await t.db.kysely.selectFrom('companies').select(['name', 'isVerified']).where('taxNumber', '=', seeded.taxNumber).executeTakeFirstOrThrow();
    expect(learnt).toEqual({ name: '东莞市学来电子有限公司', isVerified: 0 });
    expect(await t.db.kysely.selectFrom('companies').select('name').where('name', 'like', '苏州学来%').execute()).toHaveLength(4);

    const touched = await t.db.kysely
      .selectFrom('companies')
      .select((eb) => eb.fn.max('updatedAt').as('at'))
      .executeTakeFirstOrThrow();
    await topUpDemoData(t.db, {});
    expect(await countAll()).toBe(seedCompanyCount + 4);
    expect(
      await t.db.kysely
        .selectFrom('companies')
        .select((eb) => eb.fn.max('updatedAt').as('at'))
        .executeTakeFirstOrThrow(),
    ).toEqual(touched);
  });
});
