import {
  CHAIN_LABELS,
  CHAINS,
  type Chain,
  type CryptoWalletBody,
  cryptoWalletBody,
  INVALID_ADDRESS_MESSAGE,
  isValidAddress,
  type UploadResult,
  WALLET_TYPES,
  type WalletType,
} from '@kestrel/contract';
import { Button, SelectField, TextField } from '@kestrel/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WITHDRAWAL_MANAGE_PATH } from '../../app/paths';
import { ImagePicker } from '../../components/ImagePicker';
import { showNotice } from '../../components/notice/noticeStore';
import { RadioSegment } from '../../components/RadioSegment';
import { TopBar } from '../../components/TopBar';
import { useContractForm } from '../../lib/useContractForm';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { TestId } from '../../testIds';
import styles from '../bank-cards/PayoutAccounts.module.css';
import { SecurityPasswordInput } from '../bank-cards/SecurityPasswordInput';
import { useBindCryptoWalletMutation } from './queries';

const EMPTY = {
  chain: 'tron' as Chain,
  address: '',
  walletType: '' as WalletType | '',
  screenshotUploadId: '',
  securityPassword: '',
};

const WALLET_TYPE_TEST_IDS: Record<WalletType, string> = {
  exchange: TestId.bindWalletTypeExchange,
  personal: TestId.bindWalletTypePersonal,
};

/**
 * /user/wallet/bindWalletList: binding one withdrawal wallet. The address is checked against the chosen chain
 * as it is typed or pasted ("Invalid Address"), so a wrong chain or a mistyped character shows before submit.
 */
export function BindWalletScreen() {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const navigate = useNavigate();
  const form = useContractForm(cryptoWalletBody, EMPTY);
  const bind = useBindCryptoWalletMutation();
  const [screenshot, setScreenshot] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  useDocumentTitle(t('cryptoWallets.bindTitle'));

  const { chain, address } = form.values;
  const typed = address.trim();
  const addressBinding = form.bind('address');
  // Live, not only after the first submit: an address is pasted whole, and a wrong one must show at once.
  const liveAddressError =
    typed !== '' && !isValidAddress(chain, typed) ? message(INVALID_ADDRESS_MESSAGE) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.parse(event) || bind.isPending || uploading) return;
    const body = form.values as CryptoWalletBody;
    bind.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('common.submitted') });
        navigate(WITHDRAWAL_MANAGE_PATH, { replace: true });
      },
    });
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('cryptoWallets.bindTitle')} backTo={WITHDRAWAL_MANAGE_PATH} />
      <main className={styles.main}>
        <form
          ref={form.formRef}
          className={styles.screenForm}
          onSubmit={onSubmit}
          noValidate
          aria-label={t('cryptoWallets.bindTitle')}
          data-testid={TestId.bindWalletForm}
        >
          <SelectField
            label={t('cryptoWallets.chain')}
            value={chain}
            onChange={(next) => form.setValue('chain', next)}
            options={CHAINS.map((value) => ({ value, label: CHAIN_LABELS[value] }))}
            testId={TestId.bindWalletChain}
          />
          <TextField
            label={t('cryptoWallets.address')}
            placeholder={t('cryptoWallets.addressPlaceholder', { chain: CHAIN_LABELS[chain] })}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            dir="ltr"
            {...addressBinding}
            error={liveAddressError ?? addressBinding.error}
            data-testid={TestId.bindWalletAddress}
          />
          <p className={styles.warning}>{t('cryptoWallets.addressWarning')}</p>
          <div>
            <RadioSegment
              legend={t('cryptoWallets.walletType')}
              value={form.values.walletType as WalletType}
              onChange={(next) => form.setValue('walletType', next)}
              options={WALLET_TYPES.map((value) => ({
                value,
                label: t(`cryptoWallets.walletTypes.${value}`),
                testId: WALLET_TYPE_TEST_IDS[value],
              }))}
            />
            {form.errors.walletType ? (
              <p className={styles.fieldError} role="alert">
                {message(form.errors.walletType)}
              </p>
            ) : null}
          </div>
          <ImagePicker
            purpose="payment_proof"
            shape="screenshot"
            label={t('cryptoWallets.screenshot')}
            hint={t('cryptoWallets.screenshotHint')}
            chooseText={t('cryptoWallets.upload')}
            replaceText={t('cryptoWallets.replace')}
            value={screenshot}
            onChange={(upload) => {
              setScreenshot(upload);
              form.setValue('screenshotUploadId', upload.id);
            }}
            onUploadingChange={setUploading}
            error={message(form.errors.screenshotUploadId)}
            testId={TestId.bindWalletScreenshot}
          />
          <SecurityPasswordInput
            label={t('cryptoWallets.securityPassword')}
            placeholder={t('cryptoWallets.securityPasswordPlaceholder')}
            setLabel={t('cryptoWallets.setSecurityPassword')}
            {...form.bind('securityPassword', (value) => value.replace(/\D/g, ''))}
            testId={TestId.bindWalletSecurityPassword}
          />
          <Button
            type="submit"
            block
            loading={bind.isPending}
            disabled={uploading}
            data-testid={TestId.bindWalletSubmit}
          >
            {t('cryptoWallets.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
