import type { ReactNode } from 'react';
import { helpPaths, maxHelpKeywordLength, type HelpMenuGroup } from '../../../contract/help.ts';

/** The help centre's frame: a search box and the grouped menu on the left (the current page marked), the page on the right. */
export function HelpLayout({
  menu,
  currentUrl,
  keyword = '',
  hotline,
  hours,
  children,
}: {
  menu: HelpMenuGroup[];
  currentUrl: string;
  keyword?: string;
  hotline: string;
  hours: string;
  children: ReactNode;
}) {
  return (
    <div className="help">
      <aside className="help-aside">
        <div className="help-aside__head">帮助中心</div>
        <form className="help-search-box" action={helpPaths.search} method="get" role="search" aria-label="帮助搜索">
          <input
            type="search"
            name="keyword"
            defaultValue={keyword}
            maxLength={maxHelpKeywordLength}
            placeholder="搜索帮助，如：包邮、发票"
            aria-label="搜索帮助"
          />
          <button type="submit">搜索</button>
        </form>
        <nav className="help-menu" aria-label="帮助菜单">
          {menu.map((group) => (
            <section key={group.title} className="help-menu__group">
              <h2 className="help-menu__title">{group.title}</h2>
              <ul>
                {group.links.map((link) => {
                  const isCurrent = link.url === currentUrl;
                  return (
                    <li key={link.url}>
                      <a href={link.url} className={isCurrent ? 'help-menu__link is-current' : 'help-menu__link'} aria-current={isCurrent ? 'page' : undefined}>
                        {link.title}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </nav>
        <div className="help-aside__service">
          <div>客服热线</div>
          <strong>{hotline}</strong>
          <div className="help-aside__hours">{hours}</div>
        </div>
      </aside>
      <div className="help-main">{children}</div>
    </div>
  );
}
