import { useState } from 'react';
import type { MarketingSettings } from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** 邀请奖励: the coupon chosen (none: '') and its save. */
export function useInviteReward(initial: MarketingSettings) {
  const [settings, setSettings] = useState<MarketingSettings>(initial);
  const [choice, setChoice] = useState(settings.inviteRewardTemplateId === null ? '' : String(settings.inviteRewardTemplateId));
  const [notice, setNotice] = useState('');
  async function save() {
    setNotice('');
    try {
      setSettings(await callStaffApi(marketingDeskCalls.setInviteReward, { templateId: choice === '' ? null : Number(choice) }));
      setNotice('营销设置已保存');
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '保存失败，请稍后重试');
    }
  }
  return { settings, choice, setChoice, notice, save };
}
