import type { StaffApiAnswer } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Who is signed in, as the back office's cache keeps it. Below the app, its shell and its pages,
 * which all read it: none of them imports the app (StaffApp.tsx) that puts them together.
 */
export const ME_KEY = ['staff-me'] as const;
export type Member = StaffApiAnswer<'staff-me'>['member'];

/** Forgets every answer but one: another member's (or no member's) data is never shown after a sign-in or sign-out. */
export function forgetAllBut(client: QueryClient, key: readonly unknown[]): void {
  client.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key) });
}
