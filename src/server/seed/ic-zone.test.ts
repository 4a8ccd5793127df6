import { describe, expect, it } from 'vitest';
import { icFirstCategoryIds, isIcCategory } from './ic-zone.ts';

describe("the seed's IC zone (A03) choice", () => {
  it.each([
    ['嵌入式处理器/存储', '单片机(MCU)', true],
    ['嵌入式处理器/存储', '无线模块', false],
    ['电源管理芯片', 'DC-DC转换器', true],
    ['模拟/接口/逻辑', '接口芯片', true],
    ['被动元件', '电阻', false],
    ['连接器', '连接器', false],
  ])('counts %s / %s as IC: %s', (group, first, expected) => {
    expect(isIcCategory(group, first)).toBe(expected);
  });

  it('chooses first-level categories only, by their group', () => {
    const groups = [
      { id: 1, name: '被动元件' },
      { id: 2, name: '嵌入式处理器/存储' },
    ];
    const categories = [
      { id: 10, groupId: 1, level: 1, name: '电阻' },
      { id: 11, groupId: 1, level: 2, name: '贴片电阻' },
      { id: 20, groupId: 2, level: 1, name: '单片机(MCU)' },
      { id: 21, groupId: 2, level: 2, name: 'ARM单片机' },
      { id: 22, groupId: 2, level: 1, name: '无线模块' },
      { id: 30, groupId: null, level: 1, name: '存储芯片' },
    ];
    expect([...icFirstCategoryIds(groups, categories)]).toEqual([20]);
  });
});
