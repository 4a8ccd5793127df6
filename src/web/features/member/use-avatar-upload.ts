import { useState } from 'react';
import { memberMessages, type MemberProfile } from '../../../contract/member.ts';
import { memberCalls } from '../../../contract/member-calls.ts';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import { chosenFileProblem, uploadMessages, uploadPolicies } from '../../../contract/upload.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { sendImage } from '../upload/send-image.ts';

/**
 * A new avatar: the chosen picture is pre-checked with the upload's rule, uploaded with an
 * 'avatar' token (as the complaint photos are), then the server cuts it to a 200×200 square
 * (memberCalls.setAvatar) and answers the profile with its address.
 */
export function useAvatarUpload(onSaved: (profile: MemberProfile) => void) {
  const [isUploading, setIsUploading] = useState(false);

  async function choose(file: File) {
    const problem = chosenFileProblem(file, uploadPolicies.avatar);
    if (problem) {
      showToast(problem);
      return;
    }
    setIsUploading(true);
    try {
      const token = await callApi(uploadCalls.getQiniuToken, { purpose: 'avatar' });
      const image = await sendImage(token, file, () => undefined, new AbortController().signal);
      const profile = await callApi(memberCalls.setAvatar, { key: image.key });
      onSaved(profile);
      showToast(memberMessages.avatarSaved);
    } catch (error) {
      showToast(errorMessageOf(error) || uploadMessages.failed);
    } finally {
      setIsUploading(false);
    }
  }

  return { isUploading, accept: uploadPolicies.avatar.accept.join(','), choose: (file: File) => void choose(file) };
}
