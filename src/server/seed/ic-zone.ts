/**
 * Which demo parts the seed puts in the IC zone (A03, products.is_ic_zone): those of the chip groups'
 * first-level categories (processors, memory, power management, analogue, interface, logic); modules
 * and discrete parts stay out. Staff choose the zone part by part in the console; this is only the
 * seed's choice, the rule the shop derived the zone by before migration 0045 made it a column.
 */
const icGroupPattern = /IC|芯片|集成电路|处理器|存储|模拟|接口|逻辑/i;
const notIcPattern = /模块|模组/;

export function isIcCategory(groupName: string, firstCategoryName: string): boolean {
  return (icGroupPattern.test(groupName) || icGroupPattern.test(firstCategoryName)) && !notIcPattern.test(firstCategoryName);
}

/** The first-level category ids of the seed's rows that the rule puts in the zone. */
export function icFirstCategoryIds(
  groups: readonly { id: number; name: string }[],
  categories: readonly { id: number; groupId: number | null; level: number; name: string }[],
): Set<number> {
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  return new Set(
    categories
      .filter((category) => category.level === 1 && category.groupId !== null && isIcCategory(groupNames.get(category.groupId) ?? '', category.name))
      .map((category) => category.id),
  );
}
