import type { CategoryFirst, CategoryGroup } from '../../contract/shell.ts';
import { cutCategoryName, splitIntoColumns } from './category-menu-layout.ts';
import { Icon } from './icons.tsx';
import { ServerMarkup } from '../ui/server-markup.tsx';
import { useCategoryMenuKeys } from './use-category-menu-keys.ts';

function chooseUrl(firstId: number, secondId?: number): string {
  return secondId === undefined ? `/choose/${firstId}` : `/choose/${firstId}-${secondId}`;
}

function FirstCategoryBlock({ first }: { first: CategoryFirst }) {
  const columns = splitIntoColumns(first.categorySecondList);
  const shown = columns.reduce((sum, column) => sum + column.length, 0);
  return (
    <div className="category-menu__block">
      <a className="category-menu__first" href={chooseUrl(first.categoryId)}>
        {first.categoryName}
        <Icon name="chevron" size={12} />
      </a>
      <div className="category-menu__columns">
        {columns.map((column, index) => (
          <ul className="category-menu__column" key={index} data-testid="menu-column">
            {column.map((second) => (
              <li key={second.categoryId}>
                <a href={chooseUrl(first.categoryId, second.categoryId)} title={second.categoryName} data-testid="menu-second">
                  <span className="category-menu__second-name">{cutCategoryName(second.categoryName)}</span>
                  <span className="category-menu__count">({second.skuCount})</span>
                </a>
              </li>
            ))}
          </ul>
        ))}
      </div>
      {shown < first.categorySecondList.length && (
        <a className="category-menu__block-more" href={chooseUrl(first.categoryId)}>
          查看全部 {first.categorySecondList.length} 个分类
        </a>
      )}
    </div>
  );
}

const groupsId = 'category-menu-groups';
const flyoutId = (index: number) => `category-menu-flyout-${index}`;

/**
 * The nav bar's category mega-menu (spec §2): the first 8 groups and a more link; hovering a
 * group shows its categories, second levels with product counts, names cut at 9 characters,
 * in up to 3 columns of 7. Open by CSS hover/focus, so it works before scripts load. The
 * keyboard (APG disclosure navigation, useCategoryMenuKeys) opens it with ArrowDown, moves
 * between groups with the arrows, enters a group's flyout with Enter or ArrowRight, and closes
 * with Escape, the focus going back to where the menu was opened from.
 */
export function CategoryMenu({ groups, isOpen }: { groups: CategoryGroup[]; isOpen: boolean }) {
  const menu = useCategoryMenuKeys();
  const isExpanded = isOpen || menu.isShown;
  return (
    <div
      className={`category-menu${isOpen ? ' category-menu--open' : ''}${menu.isDismissed ? ' category-menu--dismissed' : ''}`}
      data-testid="category-menu"
      {...menu.rootHandlers}
    >
      <a className="category-menu__title" href="/catalogue" aria-expanded={isExpanded} aria-controls={groupsId} data-menu-title="">
        <Icon name="menu" size={16} />
        全部商品分类
      </a>
      <nav className="category-menu__groups" id={groupsId} aria-label="商品分类">
        <ul className="category-menu__group-list">
          {groups.map((group, index) => (
            <li
              className={`category-menu__group${menu.collapsedGroup === index ? ' category-menu__group--collapsed' : ''}`}
              key={group.categoryGroupName}
              data-testid="menu-group"
              {...menu.groupHandlers(index)}
            >
              <a
                className="category-menu__group-name"
                href="/catalogue"
                aria-expanded={menu.shownGroup === index}
                aria-controls={flyoutId(index)}
                data-menu-group={index}
              >
                <strong>{group.categoryGroupName}</strong>
                <span className="category-menu__group-hint">
                  {group.categoryList
                    .slice(0, 2)
                    .map((first) => first.categoryName)
                    .join(' / ')}
                </span>
              </a>
              {/* The same links on every page until the category tree changes: rendered once per tree, kept by the browser. */}
              <ServerMarkup
                className="category-menu__flyout"
                id={flyoutId(index)}
                data-testid="menu-flyout"
                data-menu-flyout={index}
                cacheKey={{ of: group, name: 'category-menu-flyout' }}
              >
                {(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) &&
                  group.categoryList.map((first) => <FirstCategoryBlock key={first.categoryId} first={first} />)}
              </ServerMarkup>
            </li>
          ))}
        </ul>
        <a className="category-menu__more" href="/catalogue">
          更多分类
          <Icon name="chevron" size={12} />
        </a>
      </nav>
    </div>
  );
}
