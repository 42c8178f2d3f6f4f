import { type AdminUserSession, CREDIT_SCORE_MAX, CREDIT_SCORE_MIN } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type UserAction, useUser, useUserAction } from '../../api/admin';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { UserBalances } from '../adjustments/UserBalances';
import { IdentityTestId } from '../identity/testIds';
import { UserIdentityStatus } from '../identity/UserIdentityStatus';
import { UserStatus } from './UserStatus';

type ActionKind = UserAction['kind'];

export function UserDetail() {
  const { t } = useTranslation();
  const { formatDate, formatNumber } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = useUser(id);
  const [open, setOpen] = useState<ActionKind | null>(null);

  const sessionColumns: Column<AdminUserSession>[] = [
    {
      key: 'created',
      header: t('admin.userDetail.sessionCreated'),
      render: (s) => formatDate(s.createdAt),
      nowrap: true,
    },
    {
      key: 'seen',
      header: t('admin.userDetail.sessionLastSeen'),
      render: (s) => formatDate(s.lastSeenAt),
      nowrap: true,
    },
    {
      key: 'expires',
      header: t('admin.userDetail.sessionExpires'),
      render: (s) => formatDate(s.expiresAt),
      nowrap: true,
    },
    { key: 'ip', header: t('admin.common.ip'), render: (s) => <bdi>{s.ip ?? '—'}</bdi> },
    { key: 'agent', header: t('admin.userDetail.device'), render: (s) => s.userAgent ?? '—' },
    {
      key: 'state',
      header: t('admin.users.status'),
      render: (s) =>
        s.revokedAt ? (
          <Badge tone="neutral">{t('admin.userDetail.sessionRevoked')}</Badge>
        ) : (
          <Badge tone="positive">{t('admin.userDetail.sessionActive')}</Badge>
        ),
    },
  ];

  const back = (
    <Button variant="ghost" onClick={() => navigate(-1)}>
      <ArrowLeft size={16} aria-hidden className="flip-in-rtl" />
      {t('admin.userDetail.back')}
    </Button>
  );
  if (!detail.data) {
    return (
      <Page title={t('admin.userDetail.title', { id })} actions={back}>
        <p className={pageStyles.muted}>
          {detail.isError ? t('admin.notice.network') : t('admin.common.loading')}
        </p>
      </Page>
    );
  }
  const { user, sessions, inviteeCount, identity } = detail.data;
  const frozen = user.frozenAt !== null;

  return (
    <Page title={t('admin.userDetail.title', { id: user.id })} actions={back}>
      <Card title={t('admin.userDetail.profile')} testId="user-profile">
        <Facts
          items={[
            { label: t('admin.uid'), value: user.id },
            { label: t('admin.users.email'), value: user.email ?? '—' },
            { label: t('admin.users.phone'), value: <bdi>{user.phone ?? '—'}</bdi> },
            { label: t('admin.users.nickname'), value: user.nickname ?? '—' },
            {
              label: t('admin.userDetail.inviteCode'),
              value: <span className={pageStyles.mono}>{user.inviteCode}</span>,
            },
            { label: t('admin.userDetail.invitedBy'), value: user.invitedBy ?? '—' },
            {
              label: t('admin.userDetail.invitees'),
              value: formatNumber(inviteeCount),
              testId: 'invitee-count',
            },
            {
              label: t('admin.users.creditScore'),
              value: formatNumber(user.creditScore),
              testId: 'credit-score',
            },
            { label: t('admin.userDetail.language'), value: user.language },
            {
              label: t('admin.users.status'),
              value: <UserStatus frozenAt={user.frozenAt} />,
              testId: 'user-status',
            },
            {
              label: t('admin.identity.title'),
              value: <UserIdentityStatus {...identity} />,
              testId: IdentityTestId.userStatus,
            },
            { label: t('admin.common.created'), value: formatDate(user.createdAt) },
            ...(frozen ? [{ label: t('admin.userDetail.frozenAt'), value: formatDate(user.frozenAt) }] : []),
          ]}
        />
        <div style={{ display: 'flex', gap: 'var(--space-2)', flexWrap: 'wrap' }}>
          {frozen ? (
            <Button variant="primary" onClick={() => setOpen('unfreeze')} data-testid="action-unfreeze">
              {t('admin.userDetail.unfreeze')}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setOpen('freeze')} data-testid="action-freeze">
              {t('admin.userDetail.freeze')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setOpen('revokeSessions')} data-testid="action-revoke">
            {t('admin.userDetail.revokeSessions')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('creditScore')} data-testid="action-credit">
            {t('admin.userDetail.setCreditScore')}
          </Button>
        </div>
      </Card>
      <UserBalances
        userId={user.id}
        actions={
          <div>
            <Button
              variant="secondary"
              onClick={() => navigate(`/adjustments?user=${user.id}`)}
              data-testid="action-adjust"
            >
              {t('admin.adjustments.open')}
            </Button>
          </div>
        }
      />
      <Card title={t('admin.userDetail.sessions')}>
        <Table
          columns={sessionColumns}
          rows={sessions}
          rowKey={(s) => `${s.createdAt}-${s.ip}`}
          testId="sessions-table"
        />
      </Card>
      {open ? (
        <UserActionDialog
          userId={user.id}
          kind={open}
          currentScore={user.creditScore}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Page>
  );
}

const DIALOG_TEXT = {
  freeze: {
    title: 'admin.userDetail.freezeTitle',
    body: 'admin.userDetail.freezeBody',
    done: 'admin.userDetail.frozenDone',
  },
  unfreeze: {
    title: 'admin.userDetail.unfreezeTitle',
    body: 'admin.userDetail.unfreezeBody',
    done: 'admin.userDetail.unfrozenDone',
  },
  revokeSessions: {
    title: 'admin.userDetail.revokeTitle',
    body: 'admin.userDetail.revokeBody',
    done: 'admin.userDetail.revokedDone',
  },
  creditScore: {
    title: 'admin.userDetail.creditTitle',
    body: 'admin.userDetail.creditBody',
    done: 'admin.userDetail.creditDone',
  },
} as const;

function UserActionDialog({
  userId,
  kind,
  currentScore,
  onClose,
}: {
  userId: number;
  kind: ActionKind;
  currentScore: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const action = useUserAction(userId);
  const [reason, setReason] = useState('');
  const [score, setScore] = useState(String(currentScore));
  const text = DIALOG_TEXT[kind];

  const submit = async () => {
    await action.mutateAsync(
      kind === 'creditScore' ? { kind, score: Number(score), reason } : { kind, reason },
    );
    notify({ tone: 'positive', message: t(text.done) });
  };

  return (
    <FormDialog
      title={t(text.title)}
      description={t(text.body, { min: CREDIT_SCORE_MIN, max: CREDIT_SCORE_MAX })}
      submitLabel={t('admin.common.confirm')}
      tone={kind === 'freeze' ? 'danger' : 'primary'}
      onSubmit={submit}
      onClose={onClose}
      testId={`dialog-${kind}`}
    >
      {kind === 'creditScore' ? (
        <TextField
          label={t('admin.users.creditScore')}
          type="number"
          min={CREDIT_SCORE_MIN}
          max={CREDIT_SCORE_MAX}
          step={1}
          required
          value={score}
          onChange={(event) => setScore(event.target.value)}
          data-testid="credit-score-input"
        />
      ) : null}
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}
