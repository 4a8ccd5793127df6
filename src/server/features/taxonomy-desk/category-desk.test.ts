import { describe, expect, it } from 'vitest';
import { categoryDeskCalls } from '../../../contract/console/categories-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { menuFlyoutsHtmlOf, shellOf } from '../shell/shell.test-helpers.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

describe('分类管理 (category desk)', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  const k = () => t.db.kysely;
  const catalogStaff = () => signedInStaff(t.app, k(), 'catalog');
  const auditOf = (subjectId: number | string) =>
    k().selectFrom('auditLog').selectAll().where('subject', '=', 'Category').where('subjectId', '=', String(subjectId)).orderBy('id').execute();
  const category = (id: number) => k().selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The shop's header menu as a visitor sees it (the tree cache follows cache_versions within a second). */
  const menu = async () => (await shellOf(t.browser(), '/catalogue')).headerData.categoryList;
  const menuNames = async () =>
    (await menu()).flatMap((group) => [
      group.categoryGroupName,
      ...group.categoryList.flatMap((first) => [first.categoryName, ...first.categorySecondList.map((second) => second.categoryName)]),
    ]);

  it('shows the whole tree with the menu groups to a catalogue role', async () => {
    const staff = await catalogStaff();
    const answer = await staff.browser.call(categoryDeskCalls.tree, {});
    expect(answer.code).toBe(1);
    expect(answer.data?.groups.map((group) => group.name)).toEqual(['被动元件', '集成电路(IC)']);
    const resistor = answer.data?.categories.find((row) => row.id === t.fixture.categories.resistor);
    expect(resistor).toMatchObject({ name: '电阻', level: 1, parentId: null, groupId: t.fixture.groups.passive, isHidden: false });
  });

  it('opens 分类管理 and 品牌管理 from the menu of a catalogue role; a visitor is sent to the login with the way back', async () => {
    const staff = await catalogStaff();
    const home = (await staff.browser.get('/admin')).body;
    expect(home).toContain('href="/admin/categories"');
    expect(home).toContain('href="/admin/brands"');
    for (const [path, title] of [
      ['/admin/categories', '分类管理'],
      ['/admin/brands', '品牌管理'],
    ] as const) {
      const page = await staff.browser.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<title>${title} - 芯品商城管理后台</title>`);
      const visitor = await t.browser().get(path);
      expect(visitor.headers.location).toBe(`/admin/login?return=${encodeURIComponent(path)}`);
    }
    expect((await staff.browser.get('/admin/categories')).body).toContain('贴片电阻');
  });

  it('renames a category, audited before → after, and the shop menu shows the new name', async () => {
    const staff = await catalogStaff();
    const { chipResistor } = t.fixture.categories;
    expect(await menuNames()).toContain('贴片电阻');
    const answer = await staff.browser.call(categoryDeskCalls.rename, { categoryId: chipResistor, name: ' 片式电阻 ' });
    expect(answer).toMatchObject({ code: 1, msg: '已保存', data: { id: chipResistor, name: '片式电阻' } });
    const [entry] = await auditOf(chipResistor);
    expect(entry).toMatchObject({ action: 'rename', staffId: staff.id, ip: '127.0.0.1' });
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ name: '贴片电阻' });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ name: '片式电阻' });
    await expect.poll(menuNames, { timeout: 3000, interval: 200 }).toContain('片式电阻');
    expect(await menuNames()).not.toContain('贴片电阻');
    // The flyouts' HTML is kept per category tree: the new tree's is rendered afresh.
    const flyouts = await menuFlyoutsHtmlOf(t.browser());
    expect(flyouts).toContain('title="片式电阻"');
    expect(flyouts).not.toContain('贴片电阻');
  });

  it('refuses bad input in Chinese, never a 5xx: empty or long names, a second level as parent, a sibling of the same name, unknown ids', async () => {
    const staff = await catalogStaff();
    const { resistor, chipResistor, armMcu } = t.fixture.categories;
    expect(await staff.browser.call(categoryDeskCalls.rename, { categoryId: resistor, name: '  ' })).toMatchObject({ code: 400, msg: '请输入分类名称' });
    expect(await staff.browser.call(categoryDeskCalls.rename, { categoryId: resistor, name: '长'.repeat(33) })).toMatchObject({
      code: 400,
      msg: '分类名称不能超过32个字',
    });
    expect(await staff.browser.call(categoryDeskCalls.create, { name: '三级', parentId: chipResistor })).toMatchObject({
      code: 400,
      msg: '只能移到一级分类下（分类最多两级）',
    });
    expect(await staff.browser.call(categoryDeskCalls.create, { name: '电容', parentId: null })).toMatchObject({ code: 409, msg: '同一级下已有同名分类' });
    expect(await staff.browser.call(categoryDeskCalls.rename, { categoryId: 999_999, name: '无' })).toMatchObject({ code: 404, msg: '分类不存在或已删除' });
    expect(await staff.browser.call(categoryDeskCalls.setGroup, { categoryId: armMcu, groupId: t.fixture.groups.ic })).toMatchObject({
      code: 400,
      msg: '只有一级分类可以放进导航分组',
    });
    expect(await staff.browser.post(categoryDeskCalls.move.path, { categoryId: 'x', parentId: null })).toMatchObject({ code: 400, msg: '请求参数有误' });
  });

  it('creates categories, moves a second level with its parts to another parent (counts and parts follow) and refuses cycles', async () => {
    const staff = await catalogStaff();
    const { resistor, capacitor, chipCapacitor } = t.fixture.categories;
    const parts = (await category(chipCapacitor)).skuCount;
    expect(parts).toBeGreaterThan(0);
    const [resistorBefore, capacitorBefore] = await Promise.all([category(resistor), category(capacitor)]);

    const moved = await staff.browser.call(categoryDeskCalls.move, { categoryId: chipCapacitor, parentId: resistor });
    expect(moved).toMatchObject({ code: 1, msg: '已移动', data: { parentId: resistor, level: 2 } });
    const firsts = await k().selectFrom('products').select('categoryFirstId').distinct().where('categorySecondId', '=', chipCapacitor).execute();
    expect(firsts).toEqual([{ categoryFirstId: resistor }]);
    expect((await category(resistor)).skuCount).toBe(resistorBefore.skuCount + parts);
    expect((await category(capacitor)).skuCount).toBe(capacitorBefore.skuCount - parts);
    await expect
      .poll(
        async () =>
          (await menu())
            .flatMap((group) => group.categoryList)
            .find((first) => first.categoryId === resistor)
            ?.categorySecondList.map((s) => s.categoryId),
        {
          timeout: 3000,
          interval: 200,
        },
      )
      .toContain(chipCapacitor);

    const top = await staff.browser.call(categoryDeskCalls.create, { name: '新一级', parentId: null, groupId: t.fixture.groups.passive });
    expect(top).toMatchObject({ code: 1, msg: '已创建', data: { level: 1, groupId: t.fixture.groups.passive } });
    const topId = top.data?.id ?? 0;
    const child = await staff.browser.call(categoryDeskCalls.create, { name: '新二级', parentId: topId });
    expect(child).toMatchObject({ code: 1, data: { level: 2, parentId: topId } });
    expect(await staff.browser.call(categoryDeskCalls.move, { categoryId: topId, parentId: topId })).toMatchObject({
      code: 400,
      msg: '不能把分类移到它自己或它的子分类下',
    });
    expect(await staff.browser.call(categoryDeskCalls.move, { categoryId: topId, parentId: child.data?.id ?? 0 })).toMatchObject({
      code: 400,
      msg: '不能把分类移到它自己或它的子分类下',
    });
    expect(await staff.browser.call(categoryDeskCalls.move, { categoryId: topId, parentId: resistor })).toMatchObject({
      code: 400,
      msg: '该分类下还有子分类，不能移到其他分类下',
    });
    expect(await staff.browser.call(categoryDeskCalls.move, { categoryId: chipCapacitor, parentId: null })).toMatchObject({
      code: 400,
      msg: '该分类下还有商品，不能改变分类级别',
    });
    // An empty second level may become a first level, and back.
    expect(await staff.browser.call(categoryDeskCalls.move, { categoryId: child.data?.id ?? 0, parentId: null })).toMatchObject({
      code: 1,
      data: { level: 1, parentId: null },
    });
    expect(await staff.browser.call(categoryDeskCalls.move, { categoryId: child.data?.id ?? 0, parentId: topId })).toMatchObject({
      code: 1,
      data: { level: 2 },
    });
    expect((await auditOf(chipCapacitor)).map((row) => row.action)).toEqual(['move']);
  });

  it('hides a category from the shop menu and shows it again', async () => {
    const staff = await catalogStaff();
    const { mcu } = t.fixture.categories;
    const hidden = await staff.browser.call(categoryDeskCalls.setHidden, { categoryId: mcu, isHidden: true });
    expect(hidden).toMatchObject({ code: 1, msg: '已隐藏', data: { isHidden: true } });
    await expect.poll(menuNames, { timeout: 3000, interval: 200 }).not.toContain('单片机(MCU/MPU/SOC)');
    expect(await staff.browser.call(categoryDeskCalls.setHidden, { categoryId: mcu, isHidden: false })).toMatchObject({ code: 1, msg: '已显示' });
    await expect.poll(menuNames, { timeout: 3000, interval: 200 }).toContain('单片机(MCU/MPU/SOC)');
    expect((await auditOf(mcu)).map((row) => row.action)).toEqual(['hide', 'show']);
  });

  it('edits the menu groups: create, rename, reorder, assign a first level; a group in use is not deleted', async () => {
    const staff = await catalogStaff();
    const { power } = t.fixture.categories;
    const created = await staff.browser.call(categoryDeskCalls.createGroup, { name: '电源' });
    expect(created).toMatchObject({ code: 1, data: { name: '电源' } });
    const groupId = created.data?.id ?? 0;
    expect(await staff.browser.call(categoryDeskCalls.renameGroup, { groupId, name: '电源管理' })).toMatchObject({ code: 1, data: { name: '电源管理' } });
    expect(await staff.browser.call(categoryDeskCalls.setGroup, { categoryId: power, groupId })).toMatchObject({ code: 1, data: { groupId } });
    const reordered = await staff.browser.call(categoryDeskCalls.reorderGroup, { groupId, direction: 'up' });
    expect(reordered.data?.groups.map((group) => group.name)).toEqual(['被动元件', '电源管理', '集成电路(IC)']);
    await expect
      .poll(async () => (await menu()).map((group) => group.categoryGroupName), { timeout: 3000, interval: 200 })
      .toEqual(['被动元件', '电源管理', '集成电路(IC)']);
    expect(await staff.browser.call(categoryDeskCalls.deleteGroup, { groupId })).toMatchObject({
      code: 409,
      msg: '该分组下还有 1 个一级分类，请先移到其他分组',
    });
    expect(await staff.browser.call(categoryDeskCalls.renameGroup, { groupId, name: '' })).toMatchObject({ code: 400, msg: '请输入分组名称' });
    expect((await auditOf(`group:${groupId}`)).map((row) => row.action)).toEqual(['createGroup', 'renameGroup', 'reorderGroup']);
    const empty = await staff.browser.call(categoryDeskCalls.createGroup, { name: '临时' });
    expect(await staff.browser.call(categoryDeskCalls.deleteGroup, { groupId: empty.data?.id ?? 0 })).toMatchObject({ code: 1, msg: '已删除' });
  });

  it('reorders siblings: the menu shows the new order', async () => {
    const staff = await catalogStaff();
    const { resistor, capacitor } = t.fixture.categories;
    const passiveOrder = async () => (await menu()).find((group) => group.categoryGroupName === '被动元件')?.categoryList.map((first) => first.categoryId);
    const before = await passiveOrder();
    expect(before?.slice(0, 2)).toEqual([resistor, capacitor]);
    const answer = await staff.browser.call(categoryDeskCalls.reorder, { categoryId: capacitor, direction: 'up' });
    expect(answer.code).toBe(1);
    await expect.poll(async () => (await passiveOrder())?.slice(0, 2), { timeout: 3000, interval: 200 }).toEqual([capacitor, resistor]);
    expect((await auditOf(capacitor)).at(-1)).toMatchObject({ action: 'reorder' });
  });

  it('refuses deleting a category with parts or children, with the count, and deletes an empty one', async () => {
    const staff = await catalogStaff();
    const { ldo, power } = t.fixture.categories;
    const parts = (await category(ldo)).skuCount;
    expect(await staff.browser.call(categoryDeskCalls.delete, { categoryId: ldo })).toMatchObject({ code: 409, msg: `该分类下还有 ${parts} 个商品，不能删除` });
    expect(await staff.browser.call(categoryDeskCalls.delete, { categoryId: power })).toMatchObject({
      code: 409,
      msg: '该分类下还有 1 个子分类，请先移走或删除',
    });
    const empty = await staff.browser.call(categoryDeskCalls.create, { name: '待删除', parentId: power });
    const emptyId = empty.data?.id ?? 0;
    expect(await staff.browser.call(categoryDeskCalls.delete, { categoryId: emptyId })).toMatchObject({ code: 1, msg: '已删除' });
    expect(await k().selectFrom('categories').select('id').where('id', '=', emptyId).executeTakeFirst()).toBeUndefined();
    expect((await auditOf(emptyId)).map((row) => [row.action, row.afterJson])).toEqual([
      ['create', expect.any(String)],
      ['delete', null],
    ]);
  });

  it.each(['content', 'sales'] as const)('refuses every change to a %s role: 403, nothing changed, nothing audited', async (role) => {
    const staff = await signedInStaff(t.app, k(), role);
    const { resistor, chipResistor } = t.fixture.categories;
    const before = await k().selectFrom('categories').selectAll().orderBy('id').execute();
    const groupsBefore = await k().selectFrom('categoryGroups').selectAll().orderBy('id').execute();
    const auditBefore = await k().selectFrom('auditLog').select('id').execute();
    const calls = [
      staff.browser.call(categoryDeskCalls.tree, {}),
      staff.browser.call(categoryDeskCalls.create, { name: '越权', parentId: null }),
      staff.browser.call(categoryDeskCalls.rename, { categoryId: resistor, name: '越权' }),
      staff.browser.call(categoryDeskCalls.move, { categoryId: chipResistor, parentId: null }),
      staff.browser.call(categoryDeskCalls.reorder, { categoryId: resistor, direction: 'down' }),
      staff.browser.call(categoryDeskCalls.setHidden, { categoryId: resistor, isHidden: true }),
      staff.browser.call(categoryDeskCalls.setGroup, { categoryId: resistor, groupId: null }),
      staff.browser.call(categoryDeskCalls.delete, { categoryId: chipResistor }),
      staff.browser.call(categoryDeskCalls.createGroup, { name: '越权' }),
      staff.browser.call(categoryDeskCalls.renameGroup, { groupId: t.fixture.groups.ic, name: '越权' }),
      staff.browser.call(categoryDeskCalls.reorderGroup, { groupId: t.fixture.groups.ic, direction: 'up' }),
      staff.browser.call(categoryDeskCalls.deleteGroup, { groupId: t.fixture.groups.ic }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
    expect(await k().selectFrom('categories').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await k().selectFrom('categoryGroups').selectAll().orderBy('id').execute()).toEqual(groupsBefore);
    expect(await k().selectFrom('auditLog').select('id').execute()).toEqual(auditBefore);
    expect((await staff.browser.get('/admin/categories')).headers.location).toBe('/admin');
  });

  it('race: two crossing moves (A under B, B under A) make one move and no cycle; two renames both land, each audited after the other', async () => {
    const one = await catalogStaff();
    const two = await catalogStaff();
    const a = (await one.browser.call(categoryDeskCalls.create, { name: '竞争A', parentId: null })).data?.id ?? 0;
    const b = (await one.browser.call(categoryDeskCalls.create, { name: '竞争B', parentId: null })).data?.id ?? 0;
    const answers = await Promise.all([
      one.browser.call(categoryDeskCalls.move, { categoryId: a, parentId: b }),
      two.browser.call(categoryDeskCalls.move, { categoryId: b, parentId: a }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    const refused = answers.find((answer) => answer.code !== 1);
    expect(refused?.code).toBe(400);
    expect(refused?.msg).toMatch(/[\u4e00-\u9fff]/);
    const [rowA, rowB] = await Promise.all([category(a), category(b)]);
    expect(rowA.parentId === b && rowB.parentId === a).toBe(false);
    expect([rowA.parentId, rowB.parentId].filter((parent) => parent !== null)).toHaveLength(1);

    const renames = await Promise.all([
      one.browser.call(categoryDeskCalls.rename, { categoryId: a, name: '改名甲' }),
      two.browser.call(categoryDeskCalls.rename, { categoryId: a, name: '改名乙' }),
    ]);
    expect(renames.map((answer) => answer.code)).toEqual([1, 1]);
    const entries = (await auditOf(a)).filter((row) => row.action === 'rename');
    expect(entries).toHaveLength(2);
    const [first, second] = entries.map((row) => ({
      before: JSON.parse(row.beforeJson ?? '{}') as { name: string },
      after: JSON.parse(row.afterJson ?? '{}') as { name: string },
    }));
    expect(second?.before.name).toBe(first?.after.name);
    expect((await category(a)).name).toBe(second?.after.name);
  });
});
