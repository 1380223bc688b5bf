import { useEffect, useState } from 'react';
import { onDeviceChange } from './device-events';

/** A counter that changes whenever the device's records do (a dependency for effects that reload them). */
export function useDeviceTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => onDeviceChange(() => setTick((t) => t + 1)), []);
  return tick;
}
