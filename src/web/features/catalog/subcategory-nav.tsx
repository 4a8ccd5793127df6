import { choosePath, type CategoryRef, type SubcategoryFacet } from '../../../contract/catalog.ts';

export interface SiblingCategory extends CategoryRef {
  skuCount: number;
}

interface SubcategoryNavProps {
  categoryFirst: CategoryRef;
  /** The second level shown, or null on the first level's own page. */
  categorySecondId: number | null;
  siblings: SiblingCategory[];
  /** On a first-level page: the counts with the brand and stock choices applied (else each part count). */
  subcategoryCounts: SubcategoryFacet[] | null;
}

/** 全部… and every second level of the first level, each with its count. */
export function SubcategoryNav({ categoryFirst, categorySecondId, siblings, subcategoryCounts }: SubcategoryNavProps) {
  const countOf = (sibling: SiblingCategory) =>
    subcategoryCounts ? (subcategoryCounts.find((sub) => sub.categoryId === sibling.categoryId)?.count ?? 0) : sibling.skuCount;
  const itemClass = (isActive: boolean) => (isActive ? 'subcategory-nav__item subcategory-nav__item--active' : 'subcategory-nav__item');
  return (
    <nav className="subcategory-nav" aria-label="子分类">
      <a className={itemClass(categorySecondId === null)} href={choosePath(categoryFirst.categoryId)}>
        全部{categoryFirst.categoryName}
      </a>
      {siblings.map((sibling) => (
        <a
          key={sibling.categoryId}
          className={itemClass(sibling.categoryId === categorySecondId)}
          href={choosePath(categoryFirst.categoryId, sibling.categoryId)}
        >
          {sibling.categoryName}
          <span className="subcategory-nav__count">{`(${countOf(sibling)})`}</span>
        </a>
      ))}
    </nav>
  );
}
