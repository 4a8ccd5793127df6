import { usePageId } from '../../lib/page-ids.tsx';
import { useState } from 'react';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import {
  complaintDetailPath,
  complaintLimits,
  complaintMessages,
  complaintTypeLabels,
  complaintTypes,
  descriptionProblem,
  textLength,
  type ComplainableOrder,
  type ComplaintType,
} from '../../../contract/complaint.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { ImageUploader } from '../upload/image-uploader.tsx';
import { useImageUpload } from '../upload/use-image-upload.ts';

export interface ComplaintPrefill {
  orderNo: string;
  lineId: number | null;
}

/** The first line of the order that has no open complaint, or null. */
function firstFreeLine(order: ComplainableOrder | undefined): number | null {
  return order?.lines.find((line) => line.openComplaintId === null)?.id ?? null;
}

/** The new complaint's fields, the order choice that resets the line, and the submit that checks before it sends. */
function useComplaintForm(orders: ComplainableOrder[], prefill: ComplaintPrefill | null) {
  const [orderNo, setOrderNo] = useState(prefill?.orderNo ?? orders[0]?.orderNo ?? '');
  const order = orders.find((candidate) => candidate.orderNo === orderNo);
  const [lineId, setLineId] = useState<number | null>(prefill?.lineId ?? firstFreeLine(orders.find((candidate) => candidate.orderNo === orderNo)));
  const [type, setType] = useState<ComplaintType | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const upload = useImageUpload({ purpose: 'feedback', maxFiles: complaintLimits.photosMax });

  function chooseOrder(next: string) {
    setOrderNo(next);
    setLineId(firstFreeLine(orders.find((candidate) => candidate.orderNo === next)));
  }

  async function submit() {
    const chosenLine = order?.lines.find((line) => line.id === lineId);
    const found =
      chosenLine?.openComplaintId !== null
        ? complaintMessages.lineMissing
        : type === null
          ? complaintMessages.typeMissing
          : descriptionProblem(description) || (upload.isUploading ? '图片正在上传，请稍候' : '');
    setProblem(found);
    if (found || !chosenLine || type === null) return;
    setIsSubmitting(true);
    try {
      const created = await callApi(complaintCalls.create, { orderLineId: chosenLine.id, type, description, photoKeys: upload.keys });
      window.location.assign(complaintDetailPath(created.id));
    } catch (error) {
      const message = errorMessageOf(error) || '提交失败，请稍后重试';
      setProblem(message);
      showToast(message);
      setIsSubmitting(false);
    }
  }

  return { orderNo, order, lineId, setLineId, type, setType, description, setDescription, problem, setProblem, isSubmitting, upload, chooseOrder, submit };
}

type ComplaintFormState = ReturnType<typeof useComplaintForm>;

function OrderSelect({ formId, orders, form }: { formId: string; orders: ComplainableOrder[]; form: ComplaintFormState }) {
  return (
    <div className="complaint-form__row">
      <label className="complaint-form__label" htmlFor={`${formId}-order`}>
        选择订单
      </label>
      <select id={`${formId}-order`} className="complaint-form__select" value={form.orderNo} onChange={(event) => form.chooseOrder(event.target.value)}>
        {orders.map((candidate) => (
          <option key={candidate.orderNo} value={candidate.orderNo}>
            {candidate.orderNo}（{candidate.statusLabel}，{candidate.createdAtStr.slice(0, 10)}）
          </option>
        ))}
      </select>
    </div>
  );
}

/** The order's lines as radios; a line with an open complaint is disabled and links to that complaint. */
function LineChoices({ formId, form: { order, lineId, setLineId } }: { formId: string; form: ComplaintFormState }) {
  return (
    <fieldset className="complaint-form__row complaint-form__lines">
      <legend className="complaint-form__label">投诉商品</legend>
      <ul className="complaint-lines">
        {order?.lines.map((line) => (
          <li key={line.id} className="complaint-lines__item">
            <label className={line.openComplaintId === null ? 'complaint-lines__choice' : 'complaint-lines__choice complaint-lines__choice--taken'}>
              <input
                type="radio"
                name={`${formId}-line`}
                value={line.id}
                checked={lineId === line.id}
                disabled={line.openComplaintId !== null}
                onChange={() => setLineId(line.id)}
              />
              <span className="complaint-lines__code">{line.productCode}</span>
              <span className="complaint-lines__name">{line.productName}</span>
              <span className="complaint-lines__meta">
                {line.brandName} · {line.package} · {line.quantity}个
              </span>
            </label>
            {line.openComplaintId !== null ? (
              <a className="complaint-lines__open" href={complaintDetailPath(line.openComplaintId)}>
                已有投诉处理中，查看
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function TypeChoices({ formId, form: { type, setType } }: { formId: string; form: ComplaintFormState }) {
  return (
    <fieldset className="complaint-form__row">
      <legend className="complaint-form__label">问题类型</legend>
      <div className="complaint-types">
        {complaintTypes.map((candidate) => (
          <label key={candidate} className={candidate === type ? 'complaint-types__item complaint-types__item--active' : 'complaint-types__item'}>
            <input type="radio" name={`${formId}-type`} value={candidate} checked={candidate === type} onChange={() => setType(candidate)} />
            {complaintTypeLabels[candidate]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DescriptionField({ formId, form: { description, setDescription, setProblem } }: { formId: string; form: ComplaintFormState }) {
  const length = textLength(description.trim());
  return (
    <div className="complaint-form__row">
      <label className="complaint-form__label" htmlFor={`${formId}-description`}>
        问题描述
      </label>
      <div className="complaint-form__field">
        <textarea
          id={`${formId}-description`}
          className="complaint-form__textarea"
          rows={5}
          value={description}
          placeholder={`请描述您遇到的问题（${String(complaintLimits.descriptionMin)}-${String(complaintLimits.descriptionMax)}字），如收到的型号、数量、外观等`}
          aria-describedby={`${formId}-counter`}
          onChange={(event) => {
            setDescription(event.target.value);
            setProblem('');
          }}
        />
        <span
          id={`${formId}-counter`}
          className={length > complaintLimits.descriptionMax ? 'complaint-form__counter complaint-form__counter--over' : 'complaint-form__counter'}
        >
          {length}/{complaintLimits.descriptionMax}
        </span>
      </div>
    </div>
  );
}

/**
 * 新建投诉: the order (of the member's shipped or recently completed ones), its line, the problem type,
 * the description with its counter and up to 5 photos. A line with an open complaint links to it
 * instead. On success the page goes to the new complaint.
 */
export function ComplaintForm({ orders, prefill, onCancel }: { orders: ComplainableOrder[]; prefill: ComplaintPrefill | null; onCancel: () => void }) {
  const formId = usePageId();
  const form = useComplaintForm(orders, prefill);
  const { problem, isSubmitting, upload } = form;

  if (orders.length === 0) {
    return (
      <div className="complaint-form complaint-form--empty" id="new">
        <p>暂无可申请售后的订单：订单发货后或完成30天内可提交投诉。</p>
        <button type="button" className="link-button" onClick={onCancel}>
          收起
        </button>
      </div>
    );
  }

  return (
    <form
      className="complaint-form"
      id="new"
      aria-label="新建投诉"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <h2 className="complaint-form__title">新建投诉</h2>
      <OrderSelect formId={formId} orders={orders} form={form} />
      <LineChoices formId={formId} form={form} />
      <TypeChoices formId={formId} form={form} />
      <DescriptionField formId={formId} form={form} />
      <div className="complaint-form__row">
        <span className="complaint-form__label">上传图片</span>
        <ImageUploader upload={upload} label="上传图片" />
      </div>
      {problem ? (
        <p className="complaint-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="complaint-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? '提交中…' : '提交投诉'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}
