import type { AnnouncementBody } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale, textDirection } from '@kestrel/i18n';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { Button, TextArea, TextField } from '@kestrel/ui';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { Card, pageStyles } from '../../components/Page';
import { Badge } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import styles from './Announcements.module.css';
import {
  checkDraft,
  type Draft,
  type DraftErrors,
  type DraftField,
  emptyDraft,
  isWritten,
  LIMITS,
  localeHasErrors,
  shownTo,
  writtenLocales,
} from './draft';
import { useSendAnnouncement } from './queries';

/** Writes an announcement per locale, shows it as readers will see it, and sends it after a confirmation. */
export function AnnouncementForm() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [confirming, setConfirming] = useState<AnnouncementBody | null>(null);
  const send = useSendAnnouncement();

  /** A message key from the contract or the console, as text; an unknown one as the generic message. */
  const message = (key: string | undefined) =>
    key === undefined
      ? undefined
      : t(i18n.exists(key) ? (key as TranslationKey) : 'validation.parameterError');

  const clearError = (field: DraftField) => {
    if (errors[field] !== undefined) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const setText = (field: 'title' | 'body', value: string) => {
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [locale]: { ...current.texts[locale], [field]: value } },
    }));
    clearError(`${locale}.${field}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Show the first language with a problem, so the marked field is in view.
      const first = LOCALES.find((candidate) => localeHasErrors(checked.errors, candidate));
      if (first && !localeHasErrors(checked.errors, locale)) setLocale(first);
      notify({ tone: 'negative', message: t('admin.announcements.fixErrors') });
      return;
    }
    setErrors({});
    setConfirming(checked.body);
  };

  const text = draft.texts[locale];
  return (
    <Card title={t('admin.announcements.compose')} testId="announcement-form">
      <form className={styles.form} onSubmit={submit} noValidate>
        <Audience draft={draft} setDraft={setDraft} error={message(errors.userId)} clearError={clearError} />

        <div className={styles.editor}>
          <div className={styles.column}>
            <LocaleTabs draft={draft} errors={errors} selected={locale} onSelect={setLocale} />
            <p className={pageStyles.muted}>{t('admin.announcements.languagesHint')}</p>
            <div
              role="tabpanel"
              id={`announcement-panel-${locale}`}
              aria-labelledby={`announcement-tab-${locale}`}
              className={styles.column}
            >
              <CountedField
                kind="title"
                locale={locale}
                value={text.title}
                onChange={(value) => setText('title', value)}
                error={message(errors[`${locale}.title`])}
              />
              <CountedField
                kind="body"
                locale={locale}
                value={text.body}
                onChange={(value) => setText('body', value)}
                error={message(errors[`${locale}.body`])}
              />
            </div>
            {locale !== DEFAULT_LOCALE && isWritten(draft, locale) ? (
              <div>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setText('title', '');
                    setText('body', '');
                  }}
                  data-testid="announcement-clear-language"
                >
                  {t('admin.announcements.clearLanguage')}
                </Button>
              </div>
            ) : null}
          </div>
          <Preview draft={draft} locale={locale} />
        </div>

        <div className={styles.actions}>
          <Button type="submit" variant="primary" data-testid="announcement-send">
            <Send size={16} aria-hidden className="flip-in-rtl" />
            {t('admin.announcements.send')}
          </Button>
        </div>
      </form>

      {confirming ? (
        <FormDialog
          title={t('admin.announcements.confirmTitle')}
          description={
            confirming.audience.to === 'everyone'
              ? t('admin.announcements.confirmEveryone')
              : t('admin.announcements.confirmUser', { id: confirming.audience.userId })
          }
          submitLabel={t('admin.announcements.send')}
          onSubmit={async () => {
            await send.mutateAsync(confirming);
            notify({ tone: 'positive', message: t('admin.announcements.sentDone') });
            setDraft(emptyDraft());
            setLocale(DEFAULT_LOCALE);
          }}
          onClose={() => setConfirming(null)}
          testId="dialog-send-announcement"
        >
          <p className={pageStyles.muted}>
            {t('admin.announcements.confirmLanguages', {
              languages: writtenLocales(draft)
                .map((code) => LOCALE_NAMES[code])
                .join(', '),
            })}
          </p>
        </FormDialog>
      ) : null}
    </Card>
  );
}

function Audience({
  draft,
  setDraft,
  error,
  clearError,
}: {
  draft: Draft;
  setDraft: (update: (current: Draft) => Draft) => void;
  error: string | undefined;
  clearError: (field: DraftField) => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const choose = (audience: Draft['audience']) => {
    setDraft((current) => ({ ...current, audience }));
    clearError('userId');
  };
  return (
    <fieldset className={styles.audience}>
      <legend className={styles.legend}>{t('admin.announcements.audience')}</legend>
      <label className={styles.choice}>
        <input
          type="radio"
          name="audience"
          checked={draft.audience === 'everyone'}
          onChange={() => choose('everyone')}
          data-testid="audience-everyone"
        />
        {t('admin.announcements.everyone')}
      </label>
      <label className={styles.choice}>
        <input
          type="radio"
          name="audience"
          checked={draft.audience === 'user'}
          onChange={() => choose('user')}
          data-testid="audience-user"
        />
        {t('admin.announcements.oneUser')}
      </label>
      {draft.audience === 'user' ? (
        <div className={styles.uid}>
          <TextField
            label={t('admin.announcements.userId')}
            inputMode="numeric"
            autoComplete="off"
            value={draft.userId}
            onChange={(event) => {
              const userId = event.target.value;
              setDraft((current) => ({ ...current, userId }));
              clearError('userId');
            }}
            aria-invalid={error !== undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="announcement-user-id"
          />
          <FieldError id={errorId} message={error} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** One tab per locale, each saying whether that language is required, written, unwritten or needs a fix. */
function LocaleTabs({
  draft,
  errors,
  selected,
  onSelect,
}: {
  draft: Draft;
  errors: DraftErrors;
  selected: Locale;
  onSelect: (locale: Locale) => void;
}) {
  const { t } = useTranslation();
  const status = (locale: Locale) => {
    if (localeHasErrors(errors, locale)) {
      return <Badge tone="negative">{t('admin.announcements.needsFix')}</Badge>;
    }
    if (isWritten(draft, locale)) return <Badge tone="positive">{t('admin.announcements.written')}</Badge>;
    if (locale === DEFAULT_LOCALE) return <Badge tone="neutral">{t('admin.announcements.required')}</Badge>;
    return <span className={styles.unwritten}>{t('admin.announcements.notWritten')}</span>;
  };
  return (
    <div role="tablist" aria-label={t('admin.announcements.languages')} className={styles.tabs}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          role="tab"
          id={`announcement-tab-${locale}`}
          aria-selected={locale === selected}
          aria-controls={`announcement-panel-${locale}`}
          className={`${styles.tab} ${locale === selected ? styles.selected : ''}`}
          onClick={() => onSelect(locale)}
          data-testid={`announcement-locale-${locale}`}
        >
          <span lang={locale}>{LOCALE_NAMES[locale]}</span>
          {status(locale)}
        </button>
      ))}
    </div>
  );
}

/** A title or body field with its character count against the contract's limit. */
function CountedField({
  kind,
  locale,
  value,
  onChange,
  error,
}: {
  kind: 'title' | 'body';
  /** The language being written, so that the text runs in its own direction. */
  locale: Locale;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { formatNumber } = useLocale();
  const errorId = useId();
  const max = LIMITS[kind];
  const count = (
    <span
      className={value.trim().length > max ? styles.over : undefined}
      data-testid={`announcement-${kind}-count`}
    >
      {formatNumber(value.trim().length)} / {formatNumber(max)}
    </span>
  );
  const common = {
    label: t(`admin.announcements.${kind}`),
    hint: count,
    value,
    lang: locale,
    dir: textDirection(locale),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': error !== undefined,
    'aria-describedby': error ? errorId : undefined,
    'data-testid': `announcement-${kind}`,
  };
  return (
    <div>
      {kind === 'title' ? <TextField {...common} /> : <TextArea {...common} rows={8} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className={styles.error} role="alert">
      {message}
    </span>
  ) : null;
}

/** The message as readers of the chosen locale get it, including the fall-back to en-US. */
function Preview({ draft, locale }: { draft: Draft; locale: Locale }) {
  const { t } = useTranslation();
  const shown = shownTo(draft, locale);
  const language = LOCALE_NAMES[locale];
  return (
    <section
      className={styles.preview}
      aria-label={t('admin.announcements.preview')}
      data-testid="announcement-preview"
    >
      <h3 className={styles.previewTitle}>{t('admin.announcements.preview')}</h3>
      <p className={pageStyles.muted}>{t('admin.announcements.previewFor', { language })}</p>
      {shown && shown.locale !== locale ? (
        <p className={styles.fallback} data-testid="announcement-preview-fallback">
          {t('admin.announcements.previewFallback', { language })}
        </p>
      ) : null}
      {shown ? (
        <article className={styles.message} lang={shown.locale} dir={textDirection(shown.locale)}>
          <h4 className={styles.messageTitle}>{shown.title}</h4>
          <p className={styles.messageBody}>{shown.body}</p>
        </article>
      ) : (
        <p className={pageStyles.muted}>{t('admin.announcements.previewEmpty')}</p>
      )}
    </section>
  );
}
