import { useRef, useState } from 'react';
import { graphCodeErrors, graphCodeRule } from '../../../contract/account.ts';
import { contactCalls } from '../../../contract/contact-calls.ts';
import { contactFormProblem, contactMessages, type ContactForm } from '../../../contract/contact.ts';
import { problemOf } from '../../../contract/rules.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useGraphicCodeAnswer } from '../account/use-graphic-code-answer.ts';

const emptyForm: ContactForm = { name: '', phone: '', email: '', company: '', message: '' };

/**
 * The contact form: checks with the server's rules, sends, and once the server asks for a graphic
 * code (a repeated send) shows one and sends it with each later message; each check spends the
 * code, so a new image follows every send. A sent message clears the form and says so.
 */
export function useContactForm() {
  const [form, setForm] = useState<ContactForm>(emptyForm);
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [needsGraphCode, setNeedsGraphCode] = useState(false);
  const graphCode = useGraphicCodeAnswer();
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const isRunning = useRef(false);

  function change(field: keyof ContactForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  async function send() {
    if (isRunning.current) return;
    const found = contactFormProblem(form) || (needsGraphCode ? problemOf(graphCodeRule, graphCode.value) : '');
    setProblem(found);
    setNote('');
    if (found) return;
    isRunning.current = true;
    setIsSending(true);
    try {
      await callApi(contactCalls.send, { ...form, ...(needsGraphCode ? { graphCode: graphCode.value.trim() } : {}) });
      setForm(emptyForm);
      setNote(contactMessages.sent);
      showToast(contactMessages.sent);
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === graphCodeErrors.required.errorCode) setNeedsGraphCode(true);
      const message = errorMessageOf(error) || '提交失败，请稍后重试';
      setProblem(message);
      showToast(message);
    } finally {
      if (needsGraphCode) graphCode.renew();
      isRunning.current = false;
      setIsSending(false);
    }
  }

  return { form, change, send, problem, note, isSending, needsGraphCode, graphCode };
}
