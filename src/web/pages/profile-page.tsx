import { defaultAvatarPath } from '../../contract/home.ts';
import { profileLimits, type MemberProfile } from '../../contract/member.ts';
import { uploadMessages, uploadPolicies } from '../../contract/upload.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { useAvatarUpload } from '../features/member/use-avatar-upload.ts';
import { useProfileForm } from '../features/member/use-profile-form.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { FormRow, TextField } from '../ui/form-row.tsx';
import type { PageProps } from './page-props.ts';

export interface ProfilePageData {
  profile: MemberProfile;
}
/** The current avatar and the file input that replaces it. */
function AvatarPicker({ avatarUrl, avatar }: { avatarUrl: string; avatar: ReturnType<typeof useAvatarUpload> }) {
  return (
    <div className="profile-avatar">
      <img className="profile-avatar__image" src={avatarUrl || defaultAvatarPath} alt="当前头像" width={96} height={96} data-testid="profile-avatar" />
      <div className="profile-avatar__side">
        <label className={avatar.isUploading ? 'button profile-avatar__choose is-busy' : 'button profile-avatar__choose'}>
          {avatar.isUploading ? '上传中…' : '更换头像'}
          <input
            className="profile-avatar__input"
            type="file"
            accept={avatar.accept}
            disabled={avatar.isUploading}
            data-testid="avatar-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) avatar.choose(file);
            }}
          />
        </label>
        <p className="form-row__hint">{uploadMessages.hint(uploadPolicies.avatar, 1).replace('，最多 1 张', '')}；将裁剪为 200×200 的正方形</p>
      </div>
    </div>
  );
}

/** /user/profile: the avatar (cut to a square by the server), nickname, company, job and email. */
export function ProfilePage({ shell, data }: PageProps<ProfilePageData>) {
  const form = useProfileForm(data.profile);
  const avatar = useAvatarUpload(form.setProfile);
  const { fields, problems } = form;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/profile">
        <section className="person-panel member-page" aria-label="个人资料">
          <h1 className="person-panel__title">个人资料</h1>
          <AvatarPicker avatarUrl={form.profile.avatarUrl} avatar={avatar} />
          <form className="member-form" onSubmit={form.save} noValidate>
            <FormRow label="会员编号">{({ id }) => <output id={id}>{form.profile.userNumber}</output>}</FormRow>
            <TextField
              label="昵称"
              isRequired
              value={fields.nickName}
              problem={problems.nickName}
              maxLength={profileLimits.nickName}
              onChange={(value) => form.change('nickName', value)}
              data-testid="profile-nickname"
            />
            <TextField
              label="公司名称"
              isWide
              value={fields.company}
              problem={problems.company}
              maxLength={profileLimits.company}
              onChange={(value) => form.change('company', value)}
              data-testid="profile-company"
            />
            <TextField
              label="职位"
              value={fields.job}
              problem={problems.job}
              maxLength={profileLimits.job}
              onChange={(value) => form.change('job', value)}
              data-testid="profile-job"
            />
            <TextField
              label="邮箱"
              isWide
              type="email"
              value={fields.email}
              problem={problems.email}
              maxLength={profileLimits.email}
              onChange={(value) => form.change('email', value)}
              data-testid="profile-email"
            />
            {form.serverMessage ? (
              <p className="member-form__message" role="alert">
                {form.serverMessage}
              </p>
            ) : null}
            <div className="member-form__actions">
              <button type="submit" className="button button--primary" disabled={form.isSaving || form.hasProblem} data-testid="profile-save">
                {form.isSaving ? '保存中…' : '保存'}
              </button>
            </div>
          </form>
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
