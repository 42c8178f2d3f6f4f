import { Button, ConfirmDialog } from '@kestrel/ui';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetDemoMutation } from '../../api/demo';
import { showNotice } from '../../components/notice/noticeStore';
import { DemoTestId } from './testIds';

/** Asks before resetting the demo balance (it cancels open orders and closes positions), then says what it did. */
export function ResetDialog({ open, onClose }: { open: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const reset = useResetDemoMutation();
  return (
    <ConfirmDialog
      open={open}
      title={t('demo.resetTitle')}
      body={t('demo.resetBody')}
      confirmLabel={t('demo.resetConfirm')}
      cancelLabel={t('common.cancel')}
      busy={reset.isPending}
      destructive
      onCancel={() => onClose(false)}
      onConfirm={() =>
        reset.mutate(undefined, {
          onSuccess: (result) => {
            showNotice({
              tone: 'positive',
              message: t('demo.resetDone', {
                orders: result.cancelledOrders,
                positions: result.closedPositions,
              }),
            });
            onClose(true);
          },
        })
      }
      testId={DemoTestId.resetDialog}
    />
  );
}

/** The Reset button of the band's sheet, with its confirmation. */
export function ResetDemoButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        block
        icon={<RotateCcw size={18} aria-hidden />}
        onClick={() => setAsking(true)}
        data-testid={DemoTestId.reset}
      >
        {t('demo.reset')}
      </Button>
      <ResetDialog
        open={asking}
        onClose={(done) => {
          setAsking(false);
          if (done) onDone?.();
        }}
      />
    </>
  );
}
