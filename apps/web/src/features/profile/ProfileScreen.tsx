import { UPLOAD_ACCEPTED_TYPES, updateProfileBody } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { Camera } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileMutation } from '../../api/profile';
import { uploadImage } from '../../api/uploads';
import { useUserInfoQuery } from '../../api/user';
import { MINE_PATH } from '../../app/paths';
import { Avatar } from '../../components/Avatar';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useContractForm } from '../../lib/useContractForm';
import { useDisplayName } from '../../lib/useDisplayName';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { TestId } from '../../testIds';
import { maskEmail, maskPhone } from '../mine/mask';
import { AvatarCropper } from './AvatarCropper';
import styles from './ProfileScreen.module.css';

function NicknameForm({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const update = useUpdateProfileMutation();
  const form = useContractForm(updateProfileBody, { nickname });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || update.isPending) return;
    update.mutate(body, { onSuccess: () => showNotice({ tone: 'positive', message: t('profile.saved') }) });
  };

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('profile.nickname')}
        placeholder={t('profile.nicknamePlaceholder')}
        autoComplete="nickname"
        value={form.values.nickname}
        onChange={(event) => form.setValue('nickname', event.target.value)}
        error={message(form.errors.nickname)}
        data-testid={TestId.profileNickname}
      />
      <Button type="submit" block loading={update.isPending} data-testid={TestId.profileSave}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** /user/setUserInfo: avatar (chosen, cropped, uploaded), nickname, and the account's contacts masked. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { data: user } = useUserInfoQuery();
  const name = useDisplayName(user);
  const update = useUpdateProfileMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  useDocumentTitle(t('profile.title'));

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(event.target.files?.[0] ?? null);
    // Cleared so that choosing the same photo again still opens the cropper.
    event.target.value = '';
  };

  const saveAvatar = async (cropped: Blob) => {
    setUploading(true);
    try {
      const upload = await uploadImage(cropped, 'avatar', 'avatar.jpg');
      await update.mutateAsync({ avatarUploadId: upload.id });
      setChosen(null);
      showNotice({ tone: 'positive', message: t('profile.saved') });
    } catch {
      // The request client has already shown the server's reason; the cropper stays open to try again.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('profile.title')} backTo={MINE_PATH} />
      {user ? (
        <main className={styles.main}>
          <section className={styles.avatarSection}>
            <button
              type="button"
              className={styles.avatarButton}
              onClick={() => inputRef.current?.click()}
              aria-label={t('profile.changeAvatar')}
              data-testid={TestId.profileAvatar}
            >
              <Avatar src={user.avatarUrl} name={name} size={88} />
              <span className={styles.camera} aria-hidden>
                <Camera size={16} />
              </span>
            </button>
            <span className={styles.avatarLabel}>{t('profile.changeAvatar')}</span>
            <input
              ref={inputRef}
              type="file"
              accept={UPLOAD_ACCEPTED_TYPES.join(',')}
              className={styles.fileInput}
              onChange={choose}
              tabIndex={-1}
              aria-hidden
              data-testid={TestId.profileAvatarInput}
            />
          </section>

          <NicknameForm key={user.nickname ?? ''} nickname={user.nickname ?? ''} />

          <dl className={styles.details}>
            <div className={styles.detail}>
              <dt>{t('profile.email')}</dt>
              <dd dir={user.email ? 'ltr' : undefined} data-testid={TestId.profileEmail}>
                {user.email ? maskEmail(user.email) : t('profile.notLinked')}
              </dd>
            </div>
            <div className={styles.detail}>
              <dt>{t('profile.phone')}</dt>
              <dd dir={user.phone ? 'ltr' : undefined} data-testid={TestId.profilePhone}>
                {user.phone ? maskPhone(user.phone) : t('profile.notLinked')}
              </dd>
            </div>
          </dl>
        </main>
      ) : null}
      <AvatarCropper file={chosen} busy={uploading} onCancel={() => setChosen(null)} onCropped={saveAvatar} />
    </div>
  );
}
