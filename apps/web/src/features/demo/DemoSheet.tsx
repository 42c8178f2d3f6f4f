import { formatQuantity } from '@kestrel/money';
import { Button, Dialog } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { useDemoAccountQuery } from '../../api/demo';
import { useLanguage } from '../../i18n/useLanguage';
import { useSession } from '../../session/useSession';
import styles from './DemoSheet.module.css';
import { demoKindOf } from './demoSession';
import { ResetDemoButton } from './ResetDemo';
import { DemoTestId } from './testIds';
import { useDemoActions } from './useDemoActions';

/** What the band opens: what demo is, the reset, and the way to the real account (or to registering one). */
export function DemoSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const kind = demoKindOf(useSession());
  const account = useDemoAccountQuery(open && kind !== 'real');
  const actions = useDemoActions();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('demo.sheetTitle')}
      closeLabel={t('common.close')}
      testId={DemoTestId.sheet}
    >
      <div className={styles.body}>
        <p>{t('demo.sheetBody')}</p>
        {account.data ? (
          <p className={styles.starting} data-testid={DemoTestId.startingBalance}>
            {t('demo.startingBalance', {
              amount: formatQuantity(account.data.startingBalance, language),
              asset: account.data.asset,
            })}
          </p>
        ) : null}
        <div className={styles.actions}>
          <ResetDemoButton onDone={onClose} />
          {kind === 'twin' ? (
            <Button
              variant="secondary"
              block
              onClick={() => {
                onClose();
                actions.toReal();
              }}
              data-testid={DemoTestId.toReal}
            >
              {t('demo.toReal')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              block
              loading={actions.toRegisterPending}
              onClick={() => {
                onClose();
                void actions.toRegister();
              }}
              data-testid={DemoTestId.toRegister}
            >
              {t('demo.register')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
