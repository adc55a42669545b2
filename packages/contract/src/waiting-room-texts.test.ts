import { describe, expect, it } from 'vitest';
import { waitingRoomTexts } from './waiting-room';

describe('the waiting page’s words for the people ahead', () => {
  it('says nobody, one person, or how many, grouped as the page shows numbers', () => {
    expect(waitingRoomTexts.ahead(0)).toBe('Nobody is ahead of you: you are next.');
    expect(waitingRoomTexts.ahead(1)).toBe('One person is ahead of you.');
    expect(waitingRoomTexts.ahead(2)).toBe('2 people are ahead of you.');
    expect(waitingRoomTexts.ahead(12_345)).toBe('12,345 people are ahead of you.');
  });

  it('tells a visitor queued again where the new place is without saying "at the back" of an empty queue', () => {
    expect(waitingRoomTexts.queuedAgain).toMatch(/joined the queue again, behind everyone who was already waiting\.$/);
  });
});
