import type { StoredSession } from '../../session/storage';

/** What the session is, as far as demo goes: a real account, an anonymous demo account, or a real user's twin. */
export type DemoKind = 'real' | 'anonymous' | 'twin';

export function demoKindOf(session: StoredSession): DemoKind {
  if (session.userInfo?.demo !== true) return 'real';
  return session.realToken ? 'twin' : 'anonymous';
}
