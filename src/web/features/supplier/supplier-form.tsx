import type { ChangeEvent } from 'react';
import { SendMsgType } from '../../../contract/account.ts';
import { annualVolumeLabels, annualVolumes, supplierLimits, type AnnualVolume, type SupplierCategoryChoice } from '../../../contract/supplier.ts';
import { PhoneInput } from '../account/form-parts.tsx';
import { SmsCodeField } from '../account/sms-code-field.tsx';
import { ImageUploader } from '../upload/image-uploader.tsx';
import { StackedField } from '../../ui/stacked-field.tsx';
import { SupplierStatusCard } from './supplier-status-card.tsx';
import { useSupplierApplication } from './use-supplier-application.ts';
type SupplierApplication = ReturnType<typeof useSupplierApplication>;

/** The props of one of the form's plain text inputs. */
function textProps(application: SupplierApplication, field: 'companyName' | 'creditCode' | 'contactName' | 'brands') {
  return {
    className: 'auth-input',
    name: field,
    value: application.fields[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => application.change(field, event.target.value),
  };
}

/** Company, credit code, contact and phone, then the SMS code that proves the phone. */
function CompanyFields({ application }: { application: SupplierApplication }) {
  const { fields } = application;
  const text = (field: Parameters<typeof textProps>[1]) => textProps(application, field);
  return (
    <>
      <div className="supplier-form__grid">
        <StackedField label="公司名称" isRequired>
          <input {...text('companyName')} placeholder="与营业执照一致" maxLength={supplierLimits.companyMax} autoComplete="organization" />
        </StackedField>
        <StackedField label="统一社会信用代码 / 税号" isRequired>
          <input {...text('creditCode')} placeholder="18位统一社会信用代码" maxLength={30} autoComplete="off" />
        </StackedField>
        <StackedField label="联系人" isRequired>
          <input {...text('contactName')} placeholder="联系人姓名" maxLength={supplierLimits.contactNameMax} autoComplete="name" />
        </StackedField>
        <StackedField label="手机号" isRequired>
          <PhoneInput
            className="auth-input"
            name="phone"
            placeholder="用于接收审核结果"
            value={fields.phone}
            onChange={(value) => application.change('phone', value)}
          />
        </StackedField>
      </div>
      <div className="supplier-form__sms">
        <SmsCodeField
          label="短信验证码"
          placeholder="请输入短信验证码"
          value={fields.smsCode}
          onChange={(value) => application.change('smsCode', value)}
          phone={fields.phone}
          purpose={SendMsgType.supplier}
        />
      </div>
    </>
  );
}

function CategoryChoices({ application, categories }: { application: SupplierApplication; categories: SupplierCategoryChoice[] }) {
  return (
    <fieldset className="supplier-form__choices">
      <legend>
        <em aria-hidden="true">*</em>供应品类<span>（可多选，最多{supplierLimits.categoriesMax}个）</span>
      </legend>
      <div className="supplier-chips">
        {categories.map((category) => (
          <label
            key={category.categoryId}
            className={application.categoryIds.includes(category.categoryId) ? 'supplier-chip supplier-chip--on' : 'supplier-chip'}
          >
            <input
              type="checkbox"
              name="categoryIds"
              checked={application.categoryIds.includes(category.categoryId)}
              onChange={() => application.toggleCategory(category.categoryId)}
            />
            {category.categoryName}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function VolumeChoices({ application }: { application: SupplierApplication }) {
  return (
    <fieldset className="supplier-form__choices">
      <legend>
        <em aria-hidden="true">*</em>年供货额
      </legend>
      <div className="supplier-chips">
        {annualVolumes.map((volume: AnnualVolume) => (
          <label key={volume} className={application.annualVolume === volume ? 'supplier-chip supplier-chip--on' : 'supplier-chip'}>
            <input type="radio" name="annualVolume" checked={application.annualVolume === volume} onChange={() => application.setAnnualVolume(volume)} />
            {annualVolumeLabels[volume]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 入驻申请: company, credit code, contact and SMS-verified phone, categories, brands, volume and documents. */
export function SupplierForm({ categories }: { categories: SupplierCategoryChoice[] }) {
  const application = useSupplierApplication();
  if (application.submitted) {
    return (
      <div className="supplier-done" data-testid="supplier-submitted">
        <p className="supplier-done__title">入驻申请已提交</p>
        <SupplierStatusCard application={application.submitted} />
        <p className="supplier-done__note">我们将在3个工作日内完成审核，审核结果会以短信通知，您也可以随时在下方“查询进度”中凭手机号查看。</p>
      </div>
    );
  }
  return (
    <form
      className="supplier-form auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void application.submit();
      }}
    >
      <CompanyFields application={application} />
      <CategoryChoices application={application} categories={categories} />
      <StackedField label="供应品牌" isRequired>
        <input {...textProps(application, 'brands')} placeholder="多个品牌用逗号分隔，如：ST, TI, Nexperia" maxLength={supplierLimits.brandsMax} />
      </StackedField>
      <VolumeChoices application={application} />
      <div className="supplier-form__documents">
        <div data-testid="supplier-licences">
          <p className="supplier-form__label">
            <em aria-hidden="true">*</em>营业执照
          </p>
          <ImageUploader upload={application.licences} label="上传营业执照" />
        </div>
        <div data-testid="supplier-certificates">
          <p className="supplier-form__label">代理证 / 分销证书</p>
          <ImageUploader upload={application.certificates} label="上传证书" />
        </div>
      </div>
      {application.problem ? (
        <p className="supplier-form__message" role="alert">
          {application.problem}
        </p>
      ) : null}
      <button type="submit" className="supplier-submit" disabled={application.isSubmitting}>
        {application.isSubmitting ? '提交中…' : '提交入驻申请'}
      </button>
    </form>
  );
}
