import { useState, type SyntheticEvent } from 'react';
import { companyRule, jobRule, memberMessages, nickNameRule, optionalEmailRule, type MemberProfile } from '../../../contract/member.ts';
import { memberCalls } from '../../../contract/member-calls.ts';
import { problemOf } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';

type ProfileFields = Pick<MemberProfile, 'nickName' | 'company' | 'job' | 'email'>;

/** /user/profile's form: each field checked with the server's rule as it is typed, then saved. */
export function useProfileForm(initial: MemberProfile) {
  const [profile, setProfile] = useState(initial);
  const [fields, setFields] = useState<ProfileFields>({ nickName: initial.nickName, company: initial.company, job: initial.job, email: initial.email });
  const [isSaving, setIsSaving] = useState(false);
  const [serverMessage, setServerMessage] = useState('');

  const problems = {
    nickName: problemOf(nickNameRule, fields.nickName),
    company: problemOf(companyRule, fields.company),
    job: problemOf(jobRule, fields.job),
    email: problemOf(optionalEmailRule, fields.email.trim()),
  };
  const hasProblem = Object.values(problems).some((problem) => problem !== '');

  function change(name: keyof ProfileFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setServerMessage('');
  }

  async function save(event: SyntheticEvent) {
    event.preventDefault();
    if (hasProblem || isSaving) return;
    setIsSaving(true);
    try {
      const saved = await callApi(memberCalls.saveProfile, { ...fields, email: fields.email.trim() });
      setProfile(saved);
      setFields({ nickName: saved.nickName, company: saved.company, job: saved.job, email: saved.email });
      showToast(memberMessages.profileSaved);
    } catch (error) {
      setServerMessage(errorMessageOf(error));
    } finally {
      setIsSaving(false);
    }
  }

  return { profile, setProfile, fields, problems, hasProblem, isSaving, serverMessage, change, save: (event: SyntheticEvent) => void save(event) };
}
