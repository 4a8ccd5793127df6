import { graphCodeLength } from '../../../contract/account.ts';
import { PhoneInput, SmsCodeInput } from './form-parts.tsx';
import { GraphicCodeImage } from './graphic-code-image.tsx';
import { useQuickRegister } from './use-quick-register.ts';

interface RegisterBoxProps {
  inviter: string;
  /** card: stacked in the home user card; bar: one row in the quick-register pop-up. */
  layout: 'card' | 'bar';
  idPrefix: string;
}

/** The small register box: phone, SMS code, agreement (ticked by default), send-code and register-and-claim. */
export function RegisterBox({ inviter, layout, idPrefix }: RegisterBoxProps) {
  const box = useQuickRegister(inviter);
  return (
    <form
      className={`register-box register-box--${layout}`}
      data-testid="register-box"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void box.register();
      }}
    >
      <label className="register-box__field register-box__field--phone">
        <span className="visually-hidden">手机号码</span>
        <PhoneInput id={`${idPrefix}-phone`} placeholder="请输入手机号码" value={box.phone} onChange={box.setPhone} data-testid="register-phone" />
      </label>
      {box.needsGraphCode ? (
        <div className="register-box__code-row">
          <label className="register-box__field register-box__field--graph-code">
            <span className="visually-hidden">图形验证码</span>
            <input
              type="text"
              id={`${idPrefix}-graph-code`}
              autoComplete="off"
              placeholder="图形验证码"
              maxLength={graphCodeLength}
              value={box.graphCode.value}
              onChange={(event) => box.graphCode.setValue(event.target.value)}
              data-testid="register-graph-code"
            />
          </label>
          <GraphicCodeImage version={box.graphCode.version} />
        </div>
      ) : null}
      <div className="register-box__code-row">
        <label className="register-box__field register-box__field--code">
          <span className="visually-hidden">短信验证码</span>
          <SmsCodeInput id={`${idPrefix}-code`} placeholder="短信验证码" value={box.smsCode} onChange={box.setSmsCode} data-testid="register-code" />
        </label>
        <button type="button" className="register-box__send" disabled={!box.canSend} onClick={() => void box.sendCode()} data-testid="register-send">
          {box.isCounting ? `重新发送(${box.secondsLeft}s)` : box.isSending ? '发送中…' : '获取验证码'}
        </button>
      </div>
      <button type="submit" className="register-box__submit" disabled={!box.canRegister} data-testid="register-submit">
        {box.isRegistering ? '注册中…' : '注册领取新人礼包'}
      </button>
      <label className="register-box__agreement">
        <input type="checkbox" checked={box.isAgreed} onChange={(event) => box.setIsAgreed(event.target.checked)} data-testid="register-agree" />
        <span>
          我已阅读并同意
          <a href="/serve/clause" target="_blank" rel="noopener noreferrer">
            《用户注册协议》
          </a>
        </span>
      </label>
    </form>
  );
}
