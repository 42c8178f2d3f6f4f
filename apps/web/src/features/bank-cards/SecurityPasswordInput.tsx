import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfoQuery } from '../../api/user';
import { SECURITY_PATH } from '../../app/paths';
import { PasswordField } from '../../components/PasswordField';
import type { FieldBinding } from '../../lib/useContractForm';
import styles from './PayoutAccounts.module.css';

type Props = FieldBinding & { label: string; placeholder: string; setLabel: string; testId: string };

/**
 * The security password that confirms binding a card or a wallet. Without one set, the user is told so
 * ("Password not set") and sent to set it, instead of typing six digits that can only fail.
 */
export function SecurityPasswordInput({ label, placeholder, setLabel, testId, ...field }: Props) {
  const { t } = useTranslation();
  const { data: user } = useUserInfoQuery();
  if (user && !user.hasSecurityPassword) {
    return (
      <div className={styles.notSet} role="note" data-testid={`${testId}-not-set`}>
        <span>{t('security.notSet')}</span>
        <Link to={`${SECURITY_PATH}?tab=security`}>{setLabel}</Link>
      </div>
    );
  }
  return (
    <PasswordField
      label={label}
      placeholder={placeholder}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      dir="ltr"
      {...field}
      data-testid={testId}
    />
  );
}
