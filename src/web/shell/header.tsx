import type { ShellState } from '../../contract/shell.ts';
import { shellLimits } from '../../contract/shell.ts';
import { headerCartBadge } from './badges.ts';
import { useCartCount } from '../features/cart/cart-events.ts';
import { CategoryMenu } from './category-menu.tsx';
import { Icon } from './icons.tsx';
import { SearchBox } from './search-box.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';

function Logo({ siteName }: { siteName: string }) {
  return (
    // Named by its visible text (WCAG 2.5.3: a name that differs from the label confuses voice control).
    <a className="logo" href="/">
      <svg className="logo__mark" width="44" height="44" viewBox="0 0 44 44" aria-hidden="true">
        <rect x="8" y="8" width="28" height="28" rx="5" fill="#1e50ae" />
        <rect x="15" y="15" width="14" height="14" rx="2" fill="#fff" />
        <path
          d="M14 8V3M22 8V3M30 8V3M14 41v-5M22 41v-5M30 41v-5M8 14H3M8 22H3M8 30H3M41 14h-5M41 22h-5M41 30h-5"
          stroke="#1e50ae"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
        <circle cx="22" cy="22" r="3" fill="#ff6a00" />
      </svg>
      <span className="logo__text">
        <strong>{siteName}</strong>
        <small>电子元器件一站式采购</small>
      </span>
    </a>
  );
}

const navLinks = [
  { title: '首页', url: '/' },
  { title: 'BOM配单', url: '/bom' },
  { title: '特价专区', url: '/product/discount?subject=A01' },
  { title: 'IC专区', url: '/product/discount?subject=A03' },
  { title: '品牌专区', url: '/brand' },
  { title: '领券中心', url: '/coupon' },
  { title: '供应商入驻', url: '/serve/supplier' },
];

/**
 * The main header (spec §2): logo, search with hot keywords, cart button; from 270 px of
 * scroll the search row becomes a fixed bar that slides down, and returns below 270 px.
 */
export function Header({ shell }: { shell: ShellState }) {
  const { headerData } = shell;
  const isFixed = useScrolledPast(shellLimits.fixedHeaderScrollY);
  const cartCount = useCartCount(headerData.cartCount);
  const currentPathname = shell.currentPath.split('?')[0];
  return (
    <header className="site-header">
      <div className={`site-header__holder${isFixed ? ' site-header__holder--fixed' : ''}`}>
        <div className={`site-header__bar${isFixed ? ' site-header__bar--fixed' : ''}`} data-testid="header-bar" data-fixed={isFixed}>
          <div className="container site-header__inner">
            <Logo siteName={shell.siteName} />
            <div className="site-header__search">
              <SearchBox />
              <nav className="hot-labels" aria-label="热门搜索">
                <span className="hot-labels__title">热门搜索：</span>
                {headerData.hotLabelList.map((label) => (
                  <a key={label.keyword} href={label.url}>
                    {label.keyword}
                  </a>
                ))}
              </nav>
            </div>
            <a className="header-cart" href="/cart" data-testid="header-cart">
              <Icon name="cart" size={20} />
              <span>我的购物车</span>
              <span className="header-cart__count" data-testid="header-cart-count">
                {headerCartBadge(cartCount)}
              </span>
            </a>
          </div>
        </div>
      </div>
      <div className="site-nav">
        <div className="container site-nav__inner">
          <CategoryMenu groups={headerData.categoryList} isOpen={headerData.showCategory} />
          <nav className="site-nav__links" aria-label="主导航">
            {navLinks.map((link) => (
              <a key={link.url} href={link.url} className={link.url === currentPathname ? 'site-nav__link--active' : undefined}>
                {link.title}
              </a>
            ))}
          </nav>
        </div>
      </div>
    </header>
  );
}
