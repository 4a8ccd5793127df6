import { useState } from 'react';
import { phoneRule, problemOf, smsCodeRule, firstProblem } from '../../../contract/rules.ts';
import { supplierCalls } from '../../../contract/supplier-calls.ts';
import type { SupplierApplicationSummary } from '../../../contract/supplier.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';

/** 查询进度: the phone and its SMS code, then the phone's applications (null until looked up). */
export function useSupplierProgress() {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [problem, setProblem] = useState('');
  const [isLooking, setIsLooking] = useState(false);
  const [applications, setApplications] = useState<SupplierApplicationSummary[] | null>(null);

  async function lookUp() {
    const found = firstProblem(problemOf(phoneRule, phone), problemOf(smsCodeRule, smsCode));
    setProblem(found);
    if (found || isLooking) return;
    setIsLooking(true);
    try {
      const answer = await callApi(supplierCalls.progress, { phone, smsCode });
      setApplications(answer.applications);
      setSmsCode('');
    } catch (error) {
      setProblem(errorMessageOf(error) || '查询失败，请稍后重试');
    } finally {
      setIsLooking(false);
    }
  }

  return { phone, setPhone, smsCode, setSmsCode, problem, isLooking, applications, lookUp };
}
