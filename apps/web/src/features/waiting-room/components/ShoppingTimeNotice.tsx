import { waitingRoomMessages, waitingRoomTexts } from '@festival/contract';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { say } from '../../../lib/say';
import { useNow } from '../../../lib/use-now';
import { shownAdmission, waitingRoomPath } from '../../../lib/waiting-room';
import { ENDED_NOTICE_MS } from '../../../lib/waiting-room-events';
import { minutesLeft } from '../waiting-room-rules';
import './shopping-time.css';

/**
 * The time an admitted visitor has left to shop (decision 0075), above every shopping page while
 * their admission lasts: whole minutes, from the admission pass's expiry that queue-admit answered
 * (read from storage each second, so a renewal while shopping shows at once). When it has run
 * out it says so, with the way back to the queue. Loaded on its own, only while there is such an
 * admission; gone once a checkout ended the place.
 */
export default function ShoppingTimeNotice() {
  const now = useNow(1000);
  const location = useLocation();
  const admission = shownAdmission(now, ENDED_NOTICE_MS);
  if (!admission) return null;
  const left = admission.expires - now;
  if (left > 0) {
    return (
      <p className="shopping-time alert alert--info" id="shopping-time" role="timer">
        {say(waitingRoomTexts.shoppingTimeLeft(minutesLeft(left)))}
      </p>
    );
  }
  return (
    <div className="shopping-time alert alert--warning" id="shopping-time-ended" role="alert">
      <p>{waitingRoomMessages.shoppingEnded}</p>
      <ButtonLink to={waitingRoomPath(admission.onsale, `${location.pathname}${location.search}`)} size="sm" id="shopping-time-queue">
        {say(waitingRoomTexts.backToQueue)}
      </ButtonLink>
    </div>
  );
}
