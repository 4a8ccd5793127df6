import type { ReactNode } from 'react';
import type { ShellState } from '../../../contract/shell.ts';
import { useCartCount } from '../cart/cart-events.ts';

/** The mobile prefix when a page does not say (config.mobileSite's default). */
const defaultBasePath = '/m';

type TabName = 'home' | 'catalogue' | 'cart' | 'person';

interface MobileFrameProps {
  shell: ShellState;
  title?: string;
  backHref?: string;
  children: ReactNode;
  /** Where the mobile pages live (the page data's basePath); /m when absent. */
  basePath?: string;
  /** The search page has its own box: no search entry in the top bar. */
  hidesSearchEntry?: boolean;
  /** Content fixed above the tab bar (the product page's buy bar). */
  bottomBar?: ReactNode;
}

/** The desktop address of this page, with ?pc=1 so the phone stays there (a cookie remembers it). */
export function desktopHrefOf(currentPath: string, basePath: string): string {
  const queryStart = currentPath.indexOf('?');
  const path = queryStart === -1 ? currentPath : currentPath.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : currentPath.slice(queryStart + 1));
  query.set('pc', '1');
  const desktopPath = basePath.startsWith('/') && (path === basePath || path.startsWith(`${basePath}/`)) ? path.slice(basePath.length) : '';
  return `${desktopPath || '/'}?${query.toString()}`;
}

function activeTabOf(currentPath: string, basePath: string): TabName | null {
  const path = (currentPath.split('?')[0] ?? '').slice(basePath.length);
  if (path === '' || path === '/') return 'home';
  if (path.startsWith('/catalogue') || path.startsWith('/choose/')) return 'catalogue';
  if (path.startsWith('/cart')) return 'cart';
  if (path.startsWith('/user/') || path.startsWith('/account/')) return 'person';
  return null;
}

const tabIcons: Record<TabName, string> = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  catalogue: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  cart: 'M3 4h2.5l2.2 10.5h10.6L21 7H7M9.5 20a1.5 1.5 0 1 0 0-.01M17.5 20a1.5 1.5 0 1 0 0-.01',
  person: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21c.8-4 4.2-6.5 8.5-6.5s7.7 2.5 8.5 6.5',
};

function TabIcon({ name }: { name: TabName }) {
  return (
    <svg className="m-tabbar__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={tabIcons[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

function TabBar({ shell, basePath }: { shell: ShellState; basePath: string }) {
  const cartCount = useCartCount(shell.headerData.cartCount);
  const active = activeTabOf(shell.currentPath, basePath);
  const tabs: { name: TabName; label: string; href: string }[] = [
    { name: 'home', label: '首页', href: basePath || '/' },
    { name: 'catalogue', label: '分类', href: `${basePath}/catalogue` },
    { name: 'cart', label: '购物车', href: `${basePath}/cart` },
    { name: 'person', label: '我的', href: `${basePath}/user/person` },
  ];
  return (
    <nav className="m-tabbar" aria-label="底部导航" data-testid="m-tabbar">
      {tabs.map((tab) => (
        <a key={tab.name} href={tab.href} className="m-tabbar__tab" aria-current={active === tab.name ? 'page' : undefined} data-testid={`m-tab-${tab.name}`}>
          <TabIcon name={tab.name} />
          <span>{tab.label}</span>
          {tab.name === 'cart' && cartCount > 0 && (
            <span className="m-tabbar__badge" data-testid="m-cart-count" aria-label={`购物车${cartCount}种商品`}>
              {cartCount > 99 ? '99+' : cartCount}
            </span>
          )}
        </a>
      ))}
    </nav>
  );
}

/**
 * The frame of the mobile pages: a top bar (back, title, search entry), the page, a footer with
 * the hotline and 电脑版 (`?pc=1` keeps the phone on the desktop site), and the tab bar fixed at
 * the bottom (首页, 分类, 购物车 with the cart count, 我的). The desktop shell is 1200 px wide; phones get this.
 */
export function MobileFrame({ shell, title, backHref, children, basePath = defaultBasePath, hidesSearchEntry = false, bottomBar }: MobileFrameProps) {
  return (
    <div className={bottomBar ? 'm-page m-page--with-bar' : 'm-page'}>
      <header className="m-topbar">
        {backHref ? (
          <a className="m-topbar__back" href={backHref} aria-label="返回">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
        ) : (
          <a className="m-topbar__logo" href={basePath || '/'}>
            {shell.siteName}
          </a>
        )}
        {title ? <h1 className="m-topbar__title">{title}</h1> : <span className="m-topbar__title" />}
        {!hidesSearchEntry && (
          <a className="m-topbar__search" href={`${basePath}/search`} aria-label="搜索商品" data-testid="m-search-entry">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
        )}
      </header>
      <main className="m-main">{children}</main>
      <footer className="m-footer">
        <p>
          客服热线 <a href={`tel:${shell.hotline}`}>{shell.hotline}</a>
        </p>
        <p>
          <a href={desktopHrefOf(shell.currentPath, basePath)} data-testid="desktop-link">
            电脑版
          </a>
          <span aria-hidden="true"> · </span>
          <a href="/about">关于我们</a>
        </p>
        <p className="m-footer__legal">{shell.footerData.copyright}</p>
      </footer>
      {bottomBar}
      <TabBar shell={shell} basePath={basePath} />
    </div>
  );
}
