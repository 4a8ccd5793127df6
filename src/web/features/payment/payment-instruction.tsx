import { paymentMethodLabels } from '../../../contract/order.ts';
import type { PaymentInstruction } from '../../../contract/payment.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { copyText } from './use-cashier.ts';

type QrInstruction = Extract<PaymentInstruction, { kind: 'qr' }>;
type BankInstruction = Extract<PaymentInstruction, { kind: 'bank' }>;

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className="cashier-copy" aria-label={`复制${label}`} onClick={() => void copyText(text)}>
      复制
    </button>
  );
}

/** Alipay or WeChat Pay: the payment address to scan or open, and the wait for the provider's notice. */
export function QrPanel({ instruction }: { instruction: QrInstruction }) {
  const label = paymentMethodLabels[instruction.method];
  return (
    <div className="cashier-panel cashier-panel--qr" data-testid="qr-panel">
      <p className="cashier-panel__lead">
        请使用手机{label}扫码，或在手机{label}中打开以下支付链接完成付款：
      </p>
      <img className="cashier-qr__image" src={instruction.qrImage} width={220} height={220} alt={`${label}付款二维码`} data-testid="qr-image" />
      <p className="cashier-qr">
        <a className="cashier-qr__link" href={instruction.codeUrl} data-testid="qr-code-url">
          {instruction.codeUrl}
        </a>
        <CopyButton text={instruction.codeUrl} label="支付链接" />
      </p>
      {instruction.webPayUrl ? (
        <p>
          <a className="button button--primary" href={instruction.webPayUrl}>
            前往支付宝网页付款
          </a>
        </p>
      ) : null}
      <p className="cashier-panel__waiting" role="status">
        付款完成后页面将自动跳转到订单详情…
      </p>
    </div>
  );
}

/** 对公转账: the store's account, the amount and the reference to write in the transfer's remark. */
export function BankPanel({ instruction }: { instruction: BankInstruction }) {
  const rows = [
    { label: '户名', value: instruction.account.accountName },
    { label: '开户银行', value: instruction.account.bankName },
    { label: '银行账号', value: instruction.account.accountNumber },
  ];
  return (
    <div className="cashier-panel cashier-panel--bank" data-testid="bank-panel">
      <p className="cashier-panel__lead">请通过网银或柜台向以下对公账户转账，并在附言（备注）中填写订单号：</p>
      <dl className="cashier-bank">
        {rows.map((row) => (
          <div className="cashier-bank__row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              <span>{row.value}</span>
              <CopyButton text={row.value} label={row.label} />
            </dd>
          </div>
        ))}
        <div className="cashier-bank__row">
          <dt>转账金额</dt>
          <dd>
            <strong className="price">{formatCents(instruction.amountCents)}</strong>
          </dd>
        </div>
        <div className="cashier-bank__row cashier-bank__row--reference">
          <dt>转账附言</dt>
          <dd>
            <strong data-testid="bank-reference">{instruction.reference}</strong>
            <CopyButton text={instruction.reference} label="转账附言" />
          </dd>
        </div>
      </dl>
      <p className="cashier-muted">款项到账后由工作人员人工确认（工作日 9:00-18:00），确认后订单将变为待发货。转账金额须与应付金额一致。</p>
    </div>
  );
}
