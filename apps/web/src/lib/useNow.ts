import { useEffect, useState } from 'react';
import { useServerOffset } from './serverClock';

/** The server's time as this device best knows it, renewed every second: what the countdowns count from. */
export function useNow(): Date {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return new Date(now + offset);
}
