import { useState, type ReactNode } from 'react';
import type { LoginRecord, MemberSecurity } from '../../../contract/member.ts';
import { phoneLength, smsCodeLength } from '../../../contract/rules.ts';
import { TextField } from '../../ui/form-row.tsx';
import { CodeButton, useCodeSender, type CodeSender } from './code-sender.tsx';
import { useEndOtherSessions, usePasswordForm, usePhoneChange } from './use-security.ts';

type OnDone = (security: MemberSecurity) => void;

/** One item of the security list: what it is, its state, and its action or open form. */
function SecurityItem({ title, state, action, children }: { title: string; state: string; action: ReactNode; children?: ReactNode }) {
  return (
    <div className="security-item">
      <div className="security-item__head">
        <h2 className="security-item__title">{title}</h2>
        <span className="security-item__state">{state}</span>
        <span className="security-item__action">{action}</span>
      </div>
      {children ? <div className="security-item__body">{children}</div> : null}
    </div>
  );
}
/** How the member proves it is them: the old password or an SMS code (only the code when no password is set). */
function PasswordProofFields({ hasPassword, form, sender }: { hasPassword: boolean; form: ReturnType<typeof usePasswordForm>; sender: CodeSender }) {
  const { fields, set } = form;
  return (
    <>
      {hasPassword ? (
        <div className="security-proof" role="radiogroup" aria-label="验证方式">
          <label className="member-check">
            <input type="radio" checked={form.proof === 'oldPassword'} onChange={() => form.setProof('oldPassword')} />
            原密码验证
          </label>
          <label className="member-check">
            <input type="radio" checked={form.proof === 'sms'} onChange={() => form.setProof('sms')} data-testid="password-proof-sms" />
            短信验证
          </label>
        </div>
      ) : null}
      {form.proof === 'oldPassword' && hasPassword ? (
        <TextField
          label="原密码"
          isRequired
          type="password"
          autoComplete="current-password"
          value={fields.oldPassword}
          onChange={set.oldPassword}
          data-testid="old-password"
        />
      ) : (
        <TextField
          label="短信验证码"
          isRequired
          inputMode="numeric"
          maxLength={smsCodeLength}
          value={fields.smsCode}
          onChange={set.smsCode}
          hint={<CodeButton sender={sender} testId="password-send-code" />}
          data-testid="password-sms-code"
        />
      )}
    </>
  );
}

export function PasswordPanel({ hasPassword, onDone }: { hasPassword: boolean; onDone: OnDone }) {
  const [isOpen, setIsOpen] = useState(false);
  const form = usePasswordForm(hasPassword, (security) => {
    setIsOpen(false);
    onDone(security);
  });
  const sender = useCodeSender(form.sendCode);
  const { fields, set } = form;
  return (
    <SecurityItem
      title="登录密码"
      state={hasPassword ? '已设置。建议定期更换，修改后其他设备需重新登录' : '未设置。快速注册的账户可设置登录密码，用手机号+密码登录'}
      action={
        <button type="button" className="link-button member-action" onClick={() => setIsOpen(!isOpen)} data-testid="password-toggle">
          {isOpen ? '收起' : hasPassword ? '修改密码' : '设置密码'}
        </button>
      }
    >
      {isOpen ? (
        <form
          className="member-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.save();
          }}
        >
          <PasswordProofFields hasPassword={hasPassword} form={form} sender={sender} />
          <TextField
            label="新密码"
            isRequired
            type="password"
            autoComplete="new-password"
            maxLength={20}
            value={fields.newPassword}
            problem={form.newPasswordProblem}
            hint="6-20位字母或数字，须同时包含字母和数字"
            onChange={set.newPassword}
            data-testid="new-password"
          />
          <TextField
            label="确认新密码"
            isRequired
            type="password"
            autoComplete="new-password"
            maxLength={20}
            value={fields.repeat}
            onChange={set.repeat}
            data-testid="repeat-password"
          />
          <div className="member-form__actions">
            <button type="submit" className="button button--primary" disabled={form.isSaving} data-testid="password-save">
              {form.isSaving ? '提交中…' : '确定'}
            </button>
          </div>
        </form>
      ) : null}
    </SecurityItem>
  );
}

export function PhonePanel({ maskedPhone, onDone }: { maskedPhone: string; onDone: OnDone }) {
  const change = usePhoneChange(onDone);
  const oldSender = useCodeSender(change.sendOldCode);
  const newSender = useCodeSender(change.sendNewCode);
  const { fields, set } = change;
  return (
    <SecurityItem
      title="绑定手机"
      state={`已绑定 ${maskedPhone}，可用于登录和找回密码`}
      action={
        <button type="button" className="link-button member-action" onClick={change.step === 'closed' ? change.open : change.cancel} data-testid="phone-toggle">
          {change.step === 'closed' ? '更换手机号' : '取消'}
        </button>
      }
    >
      {change.step === 'closed' ? null : change.step === 'old' ? (
        <form
          className="member-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            change.verifyOld();
          }}
        >
          <p className="security-step">第一步：验证原手机号 {maskedPhone}</p>
          <TextField
            label="短信验证码"
            isRequired
            inputMode="numeric"
            maxLength={smsCodeLength}
            value={fields.oldCode}
            onChange={set.oldCode}
            hint={<CodeButton sender={oldSender} testId="old-phone-send-code" />}
            data-testid="old-phone-code"
          />
          <div className="member-form__actions">
            <button type="submit" className="button button--primary" disabled={change.isBusy} data-testid="old-phone-verify">
              下一步
            </button>
          </div>
        </form>
      ) : (
        <form
          className="member-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            change.change();
          }}
        >
          <p className="security-step">第二步：绑定新手机号（须为未注册的手机号）</p>
          <TextField
            label="新手机号"
            isRequired
            inputMode="numeric"
            maxLength={phoneLength}
            value={fields.phone}
            onChange={set.phone}
            data-testid="new-phone"
          />
          <TextField
            label="短信验证码"
            isRequired
            inputMode="numeric"
            maxLength={smsCodeLength}
            value={fields.newCode}
            onChange={set.newCode}
            hint={<CodeButton sender={newSender} testId="new-phone-send-code" />}
            data-testid="new-phone-code"
          />
          <div className="member-form__actions">
            <button type="submit" className="button button--primary" disabled={change.isBusy} data-testid="new-phone-save">
              确定更换
            </button>
          </div>
        </form>
      )}
    </SecurityItem>
  );
}

export function SessionsPanel({ otherSessionCount, onDone }: { otherSessionCount: number; onDone: OnDone }) {
  const sessions = useEndOtherSessions(onDone);
  return (
    <SecurityItem
      title="登录设备"
      state={otherSessionCount > 0 ? `除本设备外，另有 ${otherSessionCount} 个设备处于登录状态` : '仅本设备处于登录状态'}
      action={
        <button
          type="button"
          className="link-button member-action"
          disabled={sessions.isBusy || otherSessionCount === 0}
          onClick={sessions.end}
          data-testid="end-other-sessions"
        >
          退出其他设备
        </button>
      }
    />
  );
}

export function RecentLogins({ logins }: { logins: LoginRecord[] }) {
  return (
    <section className="person-panel" aria-label="最近登录">
      <h2 className="person-panel__title">最近登录记录</h2>
      {logins.length === 0 ? (
        <p className="member-empty">暂无登录记录</p>
      ) : (
        <table className="security-logins" data-testid="recent-logins">
          <thead>
            <tr>
              <th scope="col">时间</th>
              <th scope="col">IP 地址</th>
              <th scope="col">设备</th>
              <th scope="col">方式</th>
            </tr>
          </thead>
          <tbody>
            {logins.map((login, index) => (
              <tr key={`${login.time}-${index}`}>
                <td>{login.time}</td>
                <td>{login.ip}</td>
                <td>{login.device}</td>
                <td>{login.method}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
