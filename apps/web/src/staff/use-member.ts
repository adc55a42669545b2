import type { StaffApiAnswer } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { staffCall } from './api';
import { ME_KEY, type Member } from './member';

/** The signed-in member (the app shows its pages only once it is known). */
export function useMember(): Member {
  const me = useQuery<StaffApiAnswer<'staff-me'> | null>({ queryKey: ME_KEY, queryFn: () => staffCall('staff-me', {}) });
  if (!me.data) throw new Error('useMember outside a signed-in session');
  return me.data.member;
}

/** The zone the back office shows times in (staff-me's, the events' zone): see times.ts. */
export function useStaffTimeZone(): string {
  const me = useQuery<StaffApiAnswer<'staff-me'> | null>({ queryKey: ME_KEY, queryFn: () => staffCall('staff-me', {}) });
  if (!me.data) throw new Error('useStaffTimeZone outside a signed-in session');
  return me.data.timezone;
}

/** The shop's currency (staff-me's), for amounts shown outside a page that carries its own. */
export function useStaffCurrency(): string {
  const me = useQuery<StaffApiAnswer<'staff-me'> | null>({ queryKey: ME_KEY, queryFn: () => staffCall('staff-me', {}) });
  return me.data?.currency ?? 'EUR';
}
