import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../components/ErrorState';
import type { ScreenLoader } from './screens';

/** Spec §8, §9: a screen chunk that has not arrived after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkTimeoutError(`No answer after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// One lazy component per loader, so coming back to a screen does not suspend again; replaced on retry.
const cache = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();

function lazyFor(load: ScreenLoader, fresh: boolean, timeoutMs: number): LazyExoticComponent<ComponentType> {
  const cached = cache.get(load);
  if (cached && !fresh) return cached;
  const component = lazy(() => withTimeout(load(), timeoutMs));
  cache.set(load, component);
  return component;
}

type BoundaryProps = { fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode };

class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** Renders a lazily loaded screen; a failed or timed-out load shows an error with a Retry that loads again. */
export function LazyScreen({
  load,
  timeoutMs = CHUNK_TIMEOUT_MS,
}: {
  load: ScreenLoader;
  timeoutMs?: number;
}) {
  const { t } = useTranslation();
  const [Screen, setScreen] = useState(() => lazyFor(load, false, timeoutMs));
  return (
    <ChunkBoundary
      onRetry={() => setScreen(() => lazyFor(load, true, timeoutMs))}
      fallback={(retry) => <ErrorState message={t('notice.chunkLoadError')} onRetry={retry} />}
    >
      <Suspense fallback={<LoadingState />}>
        <Screen />
      </Suspense>
    </ChunkBoundary>
  );
}
