import { Button, Dialog } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './TermsSheet.module.css';

const SECTIONS = ['intro', 'eligibility', 'account', 'risk', 'conduct', 'changes'] as const;

/** The terms of use, with an "I agree" that ticks the sign-up form's box. */
export function TermsSheet({
  open,
  onClose,
  onAgree,
}: {
  open: boolean;
  onClose: () => void;
  onAgree: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('auth.terms.title')}
      closeLabel={t('common.close')}
      testId={TestId.registerTermsSheet}
      actions={
        <Button block onClick={onAgree} data-testid={TestId.registerTermsAgree}>
          {t('auth.terms.agree')}
        </Button>
      }
    >
      <ol className={styles.terms}>
        {SECTIONS.map((section) => (
          <li key={section}>{t(`auth.terms.${section}`)}</li>
        ))}
      </ol>
    </Dialog>
  );
}
