import { SendMsgType } from '../../../contract/account.ts';
import { PhoneInput } from '../account/form-parts.tsx';
import { SmsCodeField } from '../account/sms-code-field.tsx';
import { StackedField } from '../../ui/stacked-field.tsx';
import { SupplierStatusCard } from './supplier-status-card.tsx';
import { useSupplierProgress } from './use-supplier-progress.ts';

/** 查询进度: anyone with the applicant's phone sees its applications, after an SMS code; no login. */
export function SupplierProgress() {
  const progress = useSupplierProgress();
  return (
    <div className="supplier-progress">
      <form
        className="supplier-progress__form auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void progress.lookUp();
        }}
      >
        <StackedField label="申请手机号">
          <PhoneInput className="auth-input" name="progressPhone" placeholder="提交申请时填写的手机号" value={progress.phone} onChange={progress.setPhone} />
        </StackedField>
        <SmsCodeField
          label="短信验证码"
          placeholder="请输入短信验证码"
          value={progress.smsCode}
          onChange={progress.setSmsCode}
          phone={progress.phone}
          purpose={SendMsgType.supplier}
        />
        {progress.problem ? (
          <p className="supplier-form__message" role="alert">
            {progress.problem}
          </p>
        ) : null}
        <button type="submit" className="supplier-submit supplier-submit--ghost" disabled={progress.isLooking}>
          {progress.isLooking ? '查询中…' : '查询进度'}
        </button>
      </form>
      <div className="supplier-progress__result" data-testid="supplier-progress-result">
        {progress.applications === null ? (
          <p className="supplier-progress__hint">输入申请时的手机号并获取验证码，即可查看审核进度与审核意见。</p>
        ) : progress.applications.length === 0 ? (
          <p className="supplier-progress__hint">该手机号暂无入驻申请。</p>
        ) : (
          progress.applications.map((application) => <SupplierStatusCard key={application.applicationNo} application={application} />)
        )}
      </div>
    </div>
  );
}
