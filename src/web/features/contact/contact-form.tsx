import type { ChangeEvent } from 'react';
import { contactLimits, type ContactForm } from '../../../contract/contact.ts';
import { PhoneInput } from '../account/form-parts.tsx';
import { GraphicCodeField } from '../account/graphic-code-field.tsx';
import { useContactForm } from './use-contact-form.ts';
import { StackedField } from '../../ui/stacked-field.tsx';

/** 在线留言: name, phone, email, company and the message; a graphic code once the server asks for one. */
export function ContactFormPanel({ graphCodeType }: { graphCodeType: number }) {
  const contact = useContactForm();
  const { form } = contact;
  const input = (field: keyof ContactForm) => ({
    className: 'contact-input',
    name: field,
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => contact.change(field, event.target.value),
  });
  return (
    <form
      className="contact-form auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void contact.send();
      }}
    >
      <div className="contact-form__grid">
        <StackedField label="姓名" isRequired>
          <input {...input('name')} placeholder="您的称呼" maxLength={contactLimits.nameMax} autoComplete="name" />
        </StackedField>
        <StackedField label="手机号" isRequired>
          <PhoneInput
            className="contact-input"
            name="phone"
            placeholder="11位手机号码"
            value={form.phone}
            onChange={(value) => contact.change('phone', value)}
          />
        </StackedField>
        <StackedField label="邮箱">
          <input {...input('email')} type="email" placeholder="选填，用于接收回复" maxLength={contactLimits.emailMax} autoComplete="email" />
        </StackedField>
        <StackedField label="公司名称">
          <input {...input('company')} placeholder="选填" maxLength={contactLimits.companyMax} autoComplete="organization" />
        </StackedField>
      </div>
      <StackedField label="留言内容" isRequired>
        <textarea
          {...input('message')}
          className="contact-input contact-input--area"
          rows={5}
          placeholder={`请描述您的需求：采购型号与数量、商务合作或售后问题（${String(contactLimits.messageMin)}-${String(contactLimits.messageMax)}字）`}
          maxLength={contactLimits.messageMax}
        />
        <span className="contact-field__counter">
          {Array.from(form.message.trim()).length}/{contactLimits.messageMax}
        </span>
      </StackedField>
      {contact.needsGraphCode ? (
        <div className="contact-form__graph-code" data-testid="contact-graph-code">
          <GraphicCodeField answer={contact.graphCode} type={graphCodeType} />
        </div>
      ) : null}
      {contact.problem ? (
        <p className="contact-form__message contact-form__message--error" role="alert">
          {contact.problem}
        </p>
      ) : contact.note ? (
        <p className="contact-form__message contact-form__message--note" role="status">
          {contact.note}
        </p>
      ) : null}
      <button type="submit" className="contact-submit" disabled={contact.isSending}>
        {contact.isSending ? '提交中…' : '提交留言'}
      </button>
    </form>
  );
}
