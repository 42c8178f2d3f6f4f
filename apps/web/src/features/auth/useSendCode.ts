import { CODE_RESEND_SECONDS, type CodePurpose } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useSendCodeMutation } from '../../api/session';
import { showNotice } from '../../components/notice/noticeStore';
import { useCountdown } from '../../lib/useCountdown';

/** Sends a verification code and counts down until another may be asked for (auth.resendIn). */
export function useSendCode(purpose: CodePurpose) {
  const { t } = useTranslation();
  const mutation = useSendCodeMutation(purpose);
  const countdown = useCountdown();

  const send = (account: string) => {
    if (mutation.isPending || countdown.running) return;
    mutation.mutate(account, {
      onSuccess: ({ resendAfter }) => {
        countdown.start(resendAfter > 0 ? resendAfter : CODE_RESEND_SECONDS);
        showNotice({ tone: 'positive', message: t('auth.codeSent', { account }) });
      },
    });
  };

  return { send, sending: mutation.isPending, resendIn: countdown.remaining };
}
