import { Button } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';
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
    <Modal
      open={open}
      onClose={onClose}
      title={t('auth.terms.title')}
      testId={TestId.registerTermsSheet}
      footer={
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
    </Modal>
  );
}
