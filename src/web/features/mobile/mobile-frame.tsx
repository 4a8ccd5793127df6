import type { ReactNode } from 'react';
import { loginPath } from '../../../contract/account.ts';
import type { ShellState } from '../../../contract/shell.ts';

/**
 * The frame of the mobile pages: a slim top bar and a footer with the hotline and a link to
 * the desktop site (`?pc=1` keeps phones there). The desktop shell is 1200 px wide; phones get this.
 */
export function MobileFrame({ shell, title, backHref, children }: { shell: ShellState; title?: string; backHref?: string; children: ReactNode }) {
  return (
    <div className="m-page">
      <header className="m-topbar">
        {backHref ? (
          <a className="m-topbar__back" href={backHref} aria-label="返回">
            ‹
          </a>
        ) : (
          <span className="m-topbar__logo">{shell.siteName}</span>
        )}
        {title && <h1 className="m-topbar__title">{title}</h1>}
        {shell.user.isLogin ? (
          <a className="m-topbar__user" href="/user/person">
            {shell.user.nickName || shell.user.userNumber}
          </a>
        ) : (
          <a className="m-topbar__user" href={loginPath(shell.currentPath)}>
            登录
          </a>
        )}
      </header>
      <main className="m-main">{children}</main>
      <footer className="m-footer">
        <p>
          客服热线 <a href={`tel:${shell.hotline}`}>{shell.hotline}</a>
        </p>
        <p>
          <a href="/?pc=1" data-testid="desktop-link">
            电脑版
          </a>
          <span aria-hidden="true"> · </span>
          <a href="/about?pc=1">关于我们</a>
        </p>
        <p className="m-footer__legal">{shell.footerData.copyright}</p>
      </footer>
    </div>
  );
}
