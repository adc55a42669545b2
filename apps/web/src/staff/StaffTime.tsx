import { formatStaffTime, type TimeStyle } from './times';
import { useStaffTimeZone } from './use-member';

/** A time as the back office shows it: in the events' zone, the zone named (decision 0072). */
export function StaffTime({ at, style = 'date-time', timeZone }: { at: string; style?: TimeStyle; timeZone?: string }) {
  const shopZone = useStaffTimeZone();
  return <time dateTime={at}>{formatStaffTime(at, timeZone ?? shopZone, style)}</time>;
}
