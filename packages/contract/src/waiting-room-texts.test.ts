import { describe, expect, it } from 'vitest';
import { english } from './i18n/english';
import { waitingRoomTexts } from './waiting-room';

describe('the waiting page’s words for the people ahead', () => {
  it('says nobody, one person, or how many, grouped as the page shows numbers', () => {
    expect(english(waitingRoomTexts.ahead(0))).toBe('Nobody is ahead of you: you are next.');
    expect(english(waitingRoomTexts.ahead(1))).toBe('One person is ahead of you.');
    expect(english(waitingRoomTexts.ahead(2))).toBe('2 people are ahead of you.');
    expect(english(waitingRoomTexts.ahead(12_345))).toBe('12,345 people are ahead of you.');
  });

  it('tells a visitor queued again where the new place is without saying "at the back" of an empty queue', () => {
    expect(english(waitingRoomTexts.queuedAgain)).toMatch(/joined the queue again, behind everyone who was already waiting\.$/);
  });
});

describe('the waiting page’s words for where the visitor stands (decision 0075)', () => {
  it('tells a visitor who joined before the opening first that they are in the queue, then when and how places are drawn', () => {
    expect(english(waitingRoomTexts.beforeOpening('1 March 2027, 11:00'))).toBe(
      'You are in the queue. The sale opens at 1 March 2027, 11:00; at that moment the places of everyone already here are drawn at random, so you need not hurry or refresh: leave this page open and it shows your number after the draw.',
    );
  });

  it('tells an admitted visitor the whole minutes left to shop, and the last one as less than a minute', () => {
    expect(english(waitingRoomTexts.shoppingTimeLeft(20))).toBe('You have 20 minutes left to shop in this sale. Add what you want to your cart and check out before then.');
    expect(english(waitingRoomTexts.shoppingTimeLeft(2))).toMatch(/^You have 2 minutes left to shop/);
    expect(english(waitingRoomTexts.shoppingTimeLeft(1))).toBe('You have less than a minute left to shop in this sale. Check out now to keep what is in your cart.');
    expect(english(waitingRoomTexts.shoppingTimeLeft(0))).toBe(english(waitingRoomTexts.shoppingTimeLeft(1)));
  });
});
