import {
  type CountryCode,
  type IdentityDocument,
  type IdentityView,
  identitySubmissionBody,
  type UploadResult,
} from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../components/ImagePicker';
import { showNotice } from '../../components/notice/noticeStore';
import { RadioSegment } from '../../components/RadioSegment';
import type { FieldErrors, SafeParser } from '../../lib/formErrors';
import { useContractForm } from '../../lib/useContractForm';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { TestId } from '../../testIds';
import styles from './IdentityForm.module.css';
import { NationField } from './NationField';
import { useSubmitIdentityMutation } from './queries';

type Submission = ReturnType<typeof identitySubmissionBody.parse>;
type Previous = NonNullable<IdentityView['submission']>;

type Values = {
  documentType: IdentityDocument;
  realName: string;
  documentNumber: string;
  nation: CountryCode | '';
  address: string;
};

type Side = 'front' | 'back';
type Images = Record<Side, UploadResult | null>;
const NO_IMAGES: Images = { front: null, back: null };

/**
 * The contract's schema with the photos of the chosen document type added. They are kept apart from the typed
 * fields because an upload can finish at any moment, and must land in the latest state rather than in the one
 * it started from.
 */
function submissionSchema(images: Record<IdentityDocument, Images>): SafeParser<Submission> {
  return {
    safeParse: (input) => {
      const values = input as Values;
      const photos = images[values.documentType];
      return identitySubmissionBody.safeParse({
        ...values,
        frontUploadId: photos.front?.id ?? '',
        // '' rather than null for a missing back, so it is reported together with the other fields.
        backUploadId: values.documentType === 'passport' ? null : (photos.back?.id ?? ''),
      });
    },
  };
}

/** After a rejection the form starts from what was sent; the number and the photos are entered again. */
function initialValues(previous: Previous | null): Values {
  return {
    documentType: previous?.documentType ?? 'id_card',
    realName: previous?.realName ?? '',
    documentNumber: '',
    nation: previous?.nation ?? '',
    address: previous?.address ?? '',
  };
}

export function IdentityForm({ previous }: { previous: Previous | null }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const photosTitleId = useId();
  const submit = useSubmitIdentityMutation();
  // Photos per document type, so switching back and forth keeps what was uploaded for each.
  const [images, setImages] = useState<Record<IdentityDocument, Images>>({
    id_card: NO_IMAGES,
    passport: NO_IMAGES,
  });
  const [uploads, setUploads] = useState(0);
  const form = useContractForm(submissionSchema(images), initialValues(previous));
  const documentType = form.values.documentType;
  const current = images[documentType];
  // The schema also reports the two photo fields, which live in `images` rather than in the form's values.
  const photoErrors = form.errors as FieldErrors<'frontUploadId' | 'backUploadId'>;
  const passport = documentType === 'passport';

  const setImage = (type: IdentityDocument, side: Side) => (upload: UploadResult) =>
    setImages((all) => ({ ...all, [type]: { ...all[type], [side]: upload } }));
  const trackUpload = (uploading: boolean) => setUploads((count) => count + (uploading ? 1 : -1));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploads > 0 || submit.isPending) return;
    const body = form.parse();
    if (!body) return;
    try {
      // Awaited rather than given callbacks: on success this form is replaced by the waiting state at once.
      await submit.mutateAsync(body);
    } catch {
      // The request client has shown the server's reason; the form stays as it was, to try again.
      return;
    }
    showNotice({ tone: 'positive', message: t('common.submitted') });
    window.scrollTo({ top: 0 });
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('identity.title')}
      data-testid={TestId.identityForm}
    >
      <RadioSegment
        legend={t('identity.form.documentType')}
        value={documentType}
        onChange={(next) => form.setValue('documentType', next)}
        options={[
          { value: 'id_card', label: t('identity.form.idCard'), testId: TestId.identityTypeIdCard },
          { value: 'passport', label: t('identity.form.passport'), testId: TestId.identityTypePassport },
        ]}
      />
      <TextField
        label={t('identity.form.realName')}
        placeholder={t('identity.form.realNamePlaceholder')}
        autoComplete="name"
        dir="auto"
        {...form.bind('realName')}
        data-testid={TestId.identityRealName}
      />
      <TextField
        label={passport ? t('identity.form.passportNumber') : t('identity.form.idCardNumber')}
        placeholder={t('identity.form.documentNumberPlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        // Document numbers read left to right in every language.
        dir="ltr"
        className={styles.ltrField}
        {...form.bind('documentNumber')}
        data-testid={TestId.identityDocumentNumber}
      />
      <NationField
        value={form.values.nation}
        onChange={(code) => form.setValue('nation', code)}
        error={message(form.errors.nation)}
      />
      <TextField
        label={t('identity.form.address')}
        placeholder={t('identity.form.addressPlaceholder')}
        autoComplete="street-address"
        dir="auto"
        {...form.bind('address')}
        data-testid={TestId.identityAddress}
      />

      <section className={styles.photos} aria-labelledby={photosTitleId}>
        <h2 id={photosTitleId} className={styles.sectionTitle}>
          {t('identity.form.photos')}
        </h2>
        <p className={styles.hint}>{t('identity.form.photosHint')}</p>
        <div className={styles.photoGrid} data-single={passport ? true : undefined}>
          <ImagePicker
            key={`${documentType}-front`}
            purpose="identity"
            shape="card"
            labelBelow
            chooseText={t('identity.picker.choose')}
            replaceText={t('identity.picker.replace')}
            label={passport ? t('identity.picker.photoPage') : t('identity.picker.front')}
            value={current.front}
            onChange={setImage(documentType, 'front')}
            onUploadingChange={trackUpload}
            error={current.front ? undefined : message(photoErrors.frontUploadId)}
            testId={TestId.identityFrontInput}
          />
          {passport ? null : (
            <ImagePicker
              key="id_card-back"
              purpose="identity"
              shape="card"
              labelBelow
              chooseText={t('identity.picker.choose')}
              replaceText={t('identity.picker.replace')}
              label={t('identity.picker.back')}
              value={current.back}
              onChange={setImage('id_card', 'back')}
              onUploadingChange={trackUpload}
              error={current.back ? undefined : message(photoErrors.backUploadId)}
              testId={TestId.identityBackInput}
            />
          )}
        </div>
      </section>

      <Button
        type="submit"
        block
        loading={submit.isPending}
        disabled={uploads > 0}
        data-testid={TestId.identitySubmit}
      >
        {previous ? t('identity.form.resubmit') : t('identity.form.submit')}
      </Button>
    </form>
  );
}
