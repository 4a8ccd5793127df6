import { brandPath, type BrandInitialGroup } from '../../contract/catalog.ts';
import { BrandLogo } from '../features/brand/brand-logo.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface BrandListPageData {
  groups: BrandInitialGroup[];
  brandCount: number;
}

const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '#'];

/** /brand: every maker under its A–Z letter, with its Chinese name, logo and part count. */
export function BrandListPage({ shell, data }: PageProps<BrandListPageData>) {
  const present = new Set(data.groups.map((group) => group.initial));
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '品牌专区' }]} />
      <section className="brand-banner">
        <h1 className="brand-banner__title">品牌专区</h1>
        <p className="brand-banner__lead">汇集 {data.brandCount} 家国内外原厂品牌，原厂正品，现货直供</p>
      </section>
      <nav className="letter-index" aria-label="按首字母查找品牌">
        {letters.map((letter) =>
          present.has(letter) ? (
            <a key={letter} className="letter-index__item" href={`#brand-${letter === '#' ? 'other' : letter}`}>
              {letter}
            </a>
          ) : (
            <span key={letter} className="letter-index__item letter-index__item--empty" aria-disabled="true">
              {letter}
            </span>
          ),
        )}
      </nav>
      {data.groups.map((group) => (
        <section key={group.initial} id={`brand-${group.initial === '#' ? 'other' : group.initial}`} className="brand-letter">
          <h2 className="brand-letter__initial">{group.initial}</h2>
          <ul className="brand-grid">
            {group.brands.map((brand) => (
              <li key={brand.brandId}>
                <a className="brand-card" href={brandPath(brand.brandId)}>
                  <BrandLogo logoPath={brand.logoPath} name={brand.nameEn} qiniuImgAddress={shell.qiniuImgAddress} width={96} height={40} />
                  <span className="brand-card__name">{brand.nameEn}</span>
                  <span className="brand-card__cn">{brand.nameCn ?? '\u00a0'}</span>
                  <span className="brand-card__count">{brand.productCount} 个商品</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PageShell>
  );
}
