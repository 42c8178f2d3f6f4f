import { pageStyles } from '../../components/Page';

/** A number, address or reference as it was typed: monospaced and left to right in any language. */
export function Mono({ children, testId }: { children: string; testId?: string }) {
  return (
    <bdi className={pageStyles.mono} dir="ltr" data-testid={testId}>
      {children}
    </bdi>
  );
}
