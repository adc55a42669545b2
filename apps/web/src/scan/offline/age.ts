/** "Data from 14:05 (3 min ago)": how old what the device knows is. */
export function dataAge(cursor: string, now: Date, timeZone?: string): { time: string; minutes: number } {
  const at = new Date(cursor);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).format(at);
  return { time, minutes: Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000)) };
}
