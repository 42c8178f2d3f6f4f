import { FlaskConical, RotateCcw, UserRoundPlus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListGroup, ListRow } from '../../components/List';
import { useSession } from '../../session/useSession';
import { demoKindOf } from './demoSession';
import { ResetDialog } from './ResetDemo';
import { DemoTestId } from './testIds';
import { useDemoActions } from './useDemoActions';

/**
 * Demo on the Mine screen: a real account opens its demo twin ("Demo trading"); the twin goes back to the real
 * account; an anonymous demo account leads to registering a real one. In demo, the balance is reset from here too.
 */
export function MineDemoRows() {
  const { t } = useTranslation();
  const kind = demoKindOf(useSession());
  const actions = useDemoActions();
  const [resetting, setResetting] = useState(false);

  if (kind === 'real') {
    return (
      <ListGroup>
        <ListRow
          icon={<FlaskConical size={18} aria-hidden />}
          label={t('demo.mineToDemo')}
          value={t('demo.mineToDemoHint')}
          onClick={actions.toDemo}
          testId={DemoTestId.mineEntry}
        />
      </ListGroup>
    );
  }
  return (
    <>
      <ListGroup>
        {kind === 'twin' ? (
          <ListRow
            icon={<Wallet size={18} aria-hidden />}
            label={t('demo.mineToReal')}
            onClick={actions.toReal}
            testId={DemoTestId.mineEntry}
          />
        ) : (
          <ListRow
            icon={<UserRoundPlus size={18} aria-hidden />}
            label={t('demo.register')}
            onClick={() => void actions.toRegister()}
            testId={DemoTestId.mineEntry}
          />
        )}
        <ListRow
          icon={<RotateCcw size={18} aria-hidden />}
          label={t('demo.reset')}
          onClick={() => setResetting(true)}
          testId={DemoTestId.reset}
        />
      </ListGroup>
      <ResetDialog open={resetting} onClose={() => setResetting(false)} />
    </>
  );
}
