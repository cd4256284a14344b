// The live Eastern clock of the page header, 'ddd, DD MMM YYYY HH:mm:ss EDT|EST', ticking every second.
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { CLOCK_TICK_MS, formatEasternClock } from '@salesdesk/contract';

export function EasternClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text component="time" size="sm" fw={500} dateTime={now.toISOString()} data-testid="eastern-clock">
      {formatEasternClock(now)}
    </Text>
  );
}
