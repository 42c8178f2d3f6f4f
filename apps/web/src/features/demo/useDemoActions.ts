import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBackToReal, useOpenDemoTwinMutation } from '../../api/demo';
import { useLogoutMutation } from '../../api/session';
import { HOME_PATH, REGISTER_PATH } from '../../app/paths';
import { showNotice } from '../../components/notice/noticeStore';

/** The ways out of (and into) demo that the band's sheet, the demo notice and Mine offer. */
export function useDemoActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openTwin = useOpenDemoTwinMutation();
  const backToReal = useBackToReal();
  const logout = useLogoutMutation();

  return {
    /** From the real account to its demo twin, without signing in again. */
    toDemo: () => {
      if (openTwin.isPending) return;
      openTwin.mutate(undefined, {
        onSuccess: () => {
          showNotice({ tone: 'positive', message: t('demo.switchedToDemo') });
          navigate(HOME_PATH);
        },
      });
    },
    toDemoPending: openTwin.isPending,
    /** From the twin back to the real account, whose session was kept. */
    toReal: () => {
      if (!backToReal()) return;
      showNotice({ tone: 'positive', message: t('demo.switchedToReal') });
      navigate(HOME_PATH);
    },
    /** From an anonymous demo account to registering a real one: the demo session ends first. */
    toRegister: async () => {
      await logout.mutateAsync();
      navigate(REGISTER_PATH, { replace: true });
    },
    toRegisterPending: logout.isPending,
  };
}
