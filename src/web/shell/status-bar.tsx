import { displayNameOf, loginPath, registerPath } from '../../contract/account.ts';
import type { ShellState } from '../../contract/shell.ts';
import { LogoutButton } from '../features/account/logout-button.tsx';
import { Icon } from './icons.tsx';
import { MessageDropdown } from './message-dropdown.tsx';

/** The top status bar (spec §2): greeting, login or member menus, orders, messages, hotline. */
export function StatusBar({ shell }: { shell: ShellState }) {
  const { user } = shell;
  return (
    <div className="status-bar" data-testid="status-bar">
      <div className="container status-bar__inner">
        {user.isLogin ? (
          <span className="status-bar__greeting">
            您好，
            <a className="status-bar__name" href="/user/person" data-testid="member-name">
              {displayNameOf(user)}
            </a>
            ，欢迎回到{shell.siteName}
          </span>
        ) : (
          <span className="status-bar__greeting">
            您好，欢迎来到{shell.siteName}！
            <a className="status-bar__login" href={loginPath(shell.currentPath)}>
              请登录
            </a>
            <a className="status-bar__register" href={registerPath()}>
              免费注册
            </a>
          </span>
        )}
        <nav className="status-bar__links" aria-label="会员导航">
          {user.isLogin ? (
            <div className="status-bar__dropdown member-menu" data-testid="member-menu">
              <a className="status-bar__trigger" href="/user/person">
                会员中心
                <Icon name="chevron" size={10} className="status-bar__caret" />
              </a>
              <ul className="status-bar__panel member-menu__panel">
                <li>
                  <a href="/user/order/list">我的订单</a>
                </li>
                {shell.headerData.unpaidOrderCount > 0 && (
                  <li>
                    <a href="/user/order/list?status=unpaid" data-testid="menu-unpaid-orders">
                      {`待付款（${String(shell.headerData.unpaidOrderCount)}）`}
                    </a>
                  </li>
                )}
                <li>
                  <a href="/user/coupon">我的优惠券</a>
                </li>
                <li>
                  <a href="/user/feedback">售后投诉</a>
                </li>
                <li>
                  <LogoutButton />
                </li>
              </ul>
            </div>
          ) : (
            <a href="/user/person">会员中心</a>
          )}
          <span className="status-bar__divider" />
          <a href="/user/order/list">我的订单</a>
          {user.isLogin && (
            <>
              <span className="status-bar__divider" />
              <MessageDropdown info={shell.headerStatusInfo} />
            </>
          )}
          <span className="status-bar__divider" />
          <span className="status-bar__hotline" data-testid="status-hotline">
            <Icon name="phone" size={13} />
            服务热线：<strong>{shell.hotline}</strong>
          </span>
        </nav>
      </div>
    </div>
  );
}
