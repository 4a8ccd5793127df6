import type { ConnectorDrawing } from '../features/images/package-image-names.ts';
import type { AttributeKey } from './attributes.data.ts';
import { categoryGroups, secondCategories, type CategoryKey } from './category-tree.data.ts';

export interface CategoryRowDraft {
  id: number;
  groupId: number | null;
  parentId: number | null;
  level: 1 | 2;
  name: string;
  sort: number;
}

export interface SecondCategoryRef {
  id: number;
  parentId: number;
  /** How the connector categories are drawn; undefined outside the connector group. */
  connectorDrawing: ConnectorDrawing | undefined;
}

const headerCategories: readonly CategoryKey[] = ['pinHeader', 'femaleHeader', 'boxHeader', 'idc', 'icSocket'];
const socketCategories: readonly CategoryKey[] = ['usbConnector', 'typeC', 'hdmi', 'rj45'];

function connectorDrawing(key: CategoryKey): ConnectorDrawing {
  return headerCategories.includes(key) ? 'pin-header' : socketCategories.includes(key) ? 'usb' : 'connector';
}

/** Ids in tree order: groups 1…, categories 1… (each first level followed by its second levels). */
export function buildCategoryRows() {
  const groups = categoryGroups.map((group, index) => ({ id: index + 1, name: group.name, sort: index }));
  const categories: CategoryRowDraft[] = [];
  const secondByKey = new Map<CategoryKey, SecondCategoryRef>();
  const attributesByCategory = new Map<number, AttributeKey[]>();
  categoryGroups.forEach((group, groupIndex) => {
    group.firsts.forEach((first, firstIndex) => {
      const firstId = categories.length + 1;
      categories.push({ id: firstId, groupId: groupIndex + 1, parentId: null, level: 1, name: first.name, sort: firstIndex });
      first.seconds.forEach((key, secondIndex) => {
        const id = categories.length + 1;
        categories.push({ id, groupId: groupIndex + 1, parentId: firstId, level: 2, name: secondCategories[key].name, sort: secondIndex });
        secondByKey.set(key, { id, parentId: firstId, connectorDrawing: group.name === '连接器' ? connectorDrawing(key) : undefined });
        attributesByCategory.set(id, ['package', ...secondCategories[key].attributes]);
      });
    });
  });
  return { groups, categories, secondByKey, attributesByCategory };
}
