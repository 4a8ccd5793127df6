import type { StaffLoginPageData } from '../../../contract/staff.ts';
import { useStaffLogin } from '../../features/staff/use-staff-login.ts';
import type { PageProps } from '../../pages/page-props.ts';

/** /admin/login: login name, password and the 6-digit code of the authenticator app. */
export function AdminLoginPage({ data }: PageProps<StaffLoginPageData>) {
  const { error, isSending, submit } = useStaffLogin(data.returnPath);

  return (
    <div className="admin-login">
      <form className="admin-login__card" onSubmit={(event) => void submit(event)}>
        <h1>芯品商城管理后台</h1>
        <label className="admin-field">
          登录名
          <input name="login" autoComplete="username" required maxLength={64} />
        </label>
        <label className="admin-field">
          密码
          <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
        </label>
        <label className="admin-field">
          动态码
          <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required placeholder="认证器上的6位数字" />
        </label>
        <p className="admin-login__error" role="alert">
          {error}
        </p>
        <button type="submit" className="admin-button" disabled={isSending}>
          {isSending ? '登录中…' : '登录'}
        </button>
      </form>
    </div>
  );
}
