import { useEffect, useRef } from 'react';
import { deviceTimeZone } from '../../app/time-zone';
import { useUpdateTimezoneMutation } from './dashboard-api';

/**
 * Sends the device time zone once per mount of the dashboard (spec §7: 'sent on dashboard load').
 * The ref keeps StrictMode's second effect run in development from sending it twice. Its result
 * is not shown: a failure changes nothing on screen.
 */
export function useUpdateTimezoneOnLoad(): void {
  const [updateTimezone] = useUpdateTimezoneMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void updateTimezone(deviceTimeZone());
  }, [updateTimezone]);
}
