import { waitingRoomMessages, waitingRoomTexts, type QueueInfo, type QueueStatus } from '@festival/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Page } from '../../../components/ui/Page';
import { ApiError, callApi } from '../../../lib/api-client';
import { withFrom } from '../../../lib/return-to';
import { fromParam } from '../../../lib/safe-redirect';
import { getToken } from '../../../lib/storage';
import { say } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { useToken } from '../../../lib/user-data';
import { forgetPlacePass, keepAdmission, keepPlacePass, placePassOf, takeAdmission, takePlaceEnded } from '../../../lib/waiting-room';
import { jittered, retryDelayMs, solveProof, STATUS_TIMEOUT_MS, turnDestination, waitText } from '../waiting-room-rules';
import './waiting-room.css';

/** What the page shows besides an answer: why it has none (yet). */
type Trouble =
  | { kind: 'log-in' }
  | { kind: 'refused'; message: string; tone: 'info' | 'danger'; notOpen?: boolean }
  | null;

/**
 * /waiting-room/:onsale (issue 23, decision 0048; the spec shows no waiting room). A visitor who
 * has not logged in sees what the sale is and how it stands (queue-info: its event, its opening or
 * how many wait and how long a newcomer waits, its products) and is asked to log in. A signed-in
 * visitor takes their place (queue-join, once: the place pass is kept in this browser), then the
 * page asks how things stand (queue-status) as often as the answer says, with a random part, and
 * without reloading. At their turn it takes the admission (queue-admit) and goes to the product they
 * queued for (`turnDestination`: the sale's product they came from, else its first one to be had). A lost connection keeps the place: the page says
 * so and tries again, sooner when the browser is back online. The position is read out by a
 * polite live region.
 *
 * With `?preview=` (an admin's preview link before the opening, decision 0098) a signed-in visitor
 * of the admin's e-mail address takes the preview's admission (queue-preview) instead of a place,
 * and goes to the sale's first product as at their turn; anyone else is told the link does not work.
 */
export default function WaitingRoomPage() {
  const { onsale = '' } = useParams();
  // Another on-sale's room starts afresh.
  return <WaitingRoom key={onsale} onsale={onsale} />;
}

function WaitingRoom({ onsale }: { onsale: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useToken();
  const format = useFormat();
  const from = fromParam(location.search);
  const preview = new URLSearchParams(location.search).get('preview');
  const [status, setStatus] = useState<QueueStatus | null>(null);
  const [trouble, setTrouble] = useState<Trouble>(null);
  const [offline, setOffline] = useState(false);
  const [working, setWorking] = useState(false);
  /** The visitor's place ended (a checkout, or the longest shopping time) and this page queued them again. */
  const [queuedAgain, setQueuedAgain] = useState(() => takePlaceEnded(onsale));
  /** The furthest back this visitor was seen, for the progress bar. */
  const [startPosition, setStartPosition] = useState<number | null>(null);
  /** How the sale stands, for a visitor who has not logged in yet (queue-info, asked once). */
  const [info, setInfo] = useState<QueueInfo | null>(null);

  useEffect(() => {
    if (token) return;
    const stop = new AbortController();
    callApi('queue-info', { onsale }, { signal: stop.signal }).then(setInfo, (error: unknown) => {
      if (stop.signal.aborted) return;
      // An on-sale that does not exist is said so, instead of asking to log in for nothing; without
      // an answer (a lost connection) the page still asks to log in.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
        setTrouble({ kind: 'refused', message: error.formError, tone: 'danger' });
      }
    });
    return () => stop.abort();
  }, [onsale, token]);

  useEffect(() => {
    if (!token || !preview) return;
    const stop = new AbortController();
    void (async () => {
      try {
        keepAdmission(await callApi('queue-preview', { token: getToken(), onsale, preview }, { signal: stop.signal }));
        const about = await callApi('queue-info', { onsale }, { signal: stop.signal });
        if (!stop.signal.aborted) void navigate(turnDestination(from, about.products), { replace: true });
      } catch (error) {
        if (stop.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return setTrouble({ kind: 'log-in' });
        setTrouble({ kind: 'refused', message: error instanceof ApiError ? error.formError : say(waitingRoomMessages.previewUnusable), tone: 'danger' });
      }
    })();
    return () => stop.abort();
  }, [onsale, token, preview, from, navigate]);

  useEffect(() => {
    // A preview takes no place in the queue.
    if (!token || preview) return;
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const later = (ms: number) => {
      clearTimeout(timer);
      if (!stop.signal.aborted) timer = setTimeout(() => void tick(), ms);
    };

    const ask = async (): Promise<QueueStatus> => {
      const pass = placePassOf(onsale);
      if (pass) return withTimeout(stop.signal, (signal) => callApi('queue-status', { onsale, pass }, { signal }));
      let answer = await withTimeout(stop.signal, (signal) => callApi('queue-join', { token: getToken(), onsale }, { signal }));
      if (answer.state === 'proof-needed' && answer.challenge) {
        setWorking(true);
        const nonce = await solveProof(answer.challenge.text, answer.challenge.bits, stop.signal).finally(() => setWorking(false));
        if (nonce === null) throw new DOMException('stopped', 'AbortError');
        answer = await callApi('queue-join', { token: getToken(), onsale, proof: { challenge: answer.challenge.text, nonce } }, { signal: stop.signal });
      }
      return answer;
    };

    const tick = async () => {
      let answer: QueueStatus;
      try {
        answer = await ask();
      } catch (error) {
        if (stop.signal.aborted) return;
        if (error instanceof ApiError && error.status === 410) {
          // A pass the server cannot read (a new secret, a day old): join again, the place is kept.
          forgetPlacePass(onsale);
          return later(0);
        }
        if (error instanceof ApiError && error.status === 401) return setTrouble({ kind: 'log-in' });
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
          const notOpen = error.formError === say(waitingRoomMessages.roomNotOpen);
          setTrouble({ kind: 'refused', message: error.formError, tone: notOpen ? 'info' : 'danger', notOpen });
          // A room that opens later is asked about again, a proof that did not hold is worked again; anything else stands.
          if (notOpen) later(jittered(30_000));
          else if (error.formError === say(waitingRoomMessages.proofFailed)) later(retryDelayMs(++failures));
          return;
        }
        // No answer, a timeout, an overloaded shop: the place is kept; try again, less often.
        setOffline(true);
        return later(jittered(retryDelayMs(++failures)));
      }
      failures = 0;
      setOffline(false);
      setTrouble(null);
      if (answer.pass) keepPlacePass(onsale, answer.pass);
      setStatus(answer);
      if (answer.position !== null) setStartPosition((start) => Math.max(start ?? 0, answer.position ?? 0));
      if (answer.state === 'your-turn') {
        const admission = await takeAdmission(onsale);
        if (stop.signal.aborted) return;
        if (admission) {
          // To the product they queued for (decision 0075), where the time left is shown.
          void navigate(turnDestination(from, answer.products), { replace: true });
          return;
        }
        // A place that ended is forgotten and the next ask joins again, at the back.
        if (takePlaceEnded(onsale)) {
          setQueuedAgain(true);
          return later(0);
        }
        return later(jittered(1000));
      }
      later(jittered(answer.next_check_ms));
    };

    const online = () => later(0);
    // Said at once, not at the next update: the place is kept meanwhile.
    const offlineNow = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineNow);
    void tick();
    return () => {
      stop.abort();
      clearTimeout(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineNow);
    };
  }, [onsale, token, preview, from, navigate]);

  const here = `${location.pathname}${location.search}`;
  const title = status?.onsale.title ?? info?.onsale.title;
  const infoEnded = !token && (info?.state === 'sold-out' || info?.state === 'closed');
  return (
    <Page title={say(waitingRoomTexts.title)} lead={title} className="page--narrow waiting-room">
      {queuedAgain && (
        <p className="alert alert--info" role="status" id="waiting-room-queued-again">
          {say(waitingRoomTexts.queuedAgain)}
        </p>
      )}
      {offline && (
        <p className="alert alert--warning" role="status" id="waiting-room-offline">
          {say(waitingRoomTexts.offline)}
        </p>
      )}
      {trouble?.kind === 'refused' ? (
        <div className="card waiting-room__card">
          <p className={`alert alert--${trouble.tone}`} role="status" id="waiting-room-refused">
            {trouble.message}
          </p>
          {trouble.notOpen ? <p id="waiting-room-not-open">{say(waitingRoomTexts.notOpenYet)}</p> : null}
          <ButtonLink to="/" id="waiting-room-home">
            {say(waitingRoomTexts.toShop)}
          </ButtonLink>
        </div>
      ) : !token || trouble?.kind === 'log-in' ? (
        <div className="card waiting-room__card">
          {info && !token ? <SaleInfo info={info} formatTime={(value) => format.date(value)} /> : null}
          {infoEnded ? (
            <ButtonLink to="/" variant="primary" id="waiting-room-to-shop">
              {say(waitingRoomTexts.toShop)}
            </ButtonLink>
          ) : (
            <>
              <p id="waiting-room-log-in">{say(waitingRoomMessages.logInToQueue)}</p>
              <div className="button-row">
                <ButtonLink to={withFrom('/login', here)} variant="primary" id="waiting-room-login">
                  {say(waitingRoomTexts.logIn)}
                </ButtonLink>
                <ButtonLink to={withFrom('/register', here)} id="waiting-room-register">
                  {say(waitingRoomTexts.register)}
                </ButtonLink>
              </div>
            </>
          )}
          {info && !token ? <ProductLists products={info.products} ended={infoEnded} /> : null}
        </div>
      ) : (
        <StatusCard status={status} working={working} startPosition={startPosition} formatTime={(value) => format.date(value)} />
      )}
    </Page>
  );
}

/** What a visitor without a place is told of the sale: when it opens, or how many wait and for how long, or that it is over. */
function SaleInfo({ info, formatTime }: { info: QueueInfo; formatTime: (value: string) => string }) {
  return (
    <div className="waiting-room__standing" id="waiting-room-info">
      {info.state === 'before-opening' ? (
        <p>{say(waitingRoomTexts.infoBeforeOpening(formatTime(info.onsale.opens_at)))}</p>
      ) : info.state === 'open' ? (
        <>
          <p>{say(waitingRoomTexts.infoOpen(info.waiting))}</p>
          {info.wait_seconds !== null ? <p id="waiting-room-info-wait">{say(waitingRoomTexts.infoWait(say(waitText(info.wait_seconds))))}</p> : null}
        </>
      ) : (
        <p>{say(info.state === 'sold-out' ? waitingRoomTexts.soldOut : waitingRoomTexts.closed)}</p>
      )}
    </div>
  );
}

/** A call that gives up after STATUS_TIMEOUT_MS (a stalled connection on a phone) or when the page stops. */
function withTimeout<T>(stop: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  const onStop = () => controller.abort();
  stop.addEventListener('abort', onStop, { once: true });
  return call(controller.signal).finally(() => {
    clearTimeout(timer);
    stop.removeEventListener('abort', onStop);
  });
}

function StatusCard({ status, working, startPosition, formatTime }: { status: QueueStatus | null; working: boolean; startPosition: number | null; formatTime: (value: string) => string }) {
  const state = status?.state;
  const ended = state === 'sold-out' || state === 'closed';
  // From where this page first saw the visitor (0) to the front (1).
  const progress = status?.position != null && startPosition ? (startPosition > 1 ? Math.max(0, Math.min(1, (startPosition - status.position) / (startPosition - 1))) : 1) : null;
  return (
    <div className="card waiting-room__card" aria-busy={status === null}>
      {/* The live region is always there, so each change of its text is read out (politely). */}
      <div role="status" aria-live="polite" aria-atomic="true" className="waiting-room__standing" id="waiting-room-standing">
        {working ? (
          <p>{say(waitingRoomTexts.checking)}</p>
        ) : !status ? (
          <p>{say(waitingRoomTexts.finding)}</p>
        ) : state === 'before-opening' ? (
          <p>{say(waitingRoomTexts.beforeOpening(formatTime(status.onsale.opens_at)))}</p>
        ) : state === 'waiting' ? (
          <>
            {status.position !== null ? (
              <p className="waiting-room__position" id="waiting-room-position">
                {say(waitingRoomTexts.position(status.position))}
              </p>
            ) : null}
            {status.ahead !== null ? <p id="waiting-room-ahead">{say(waitingRoomTexts.ahead(status.ahead))}</p> : null}
          </>
        ) : state === 'your-turn' ? (
          <p className="waiting-room__turn">{say(waitingRoomTexts.yourTurn)}</p>
        ) : state === 'sold-out' ? (
          <p>{say(waitingRoomTexts.soldOut)}</p>
        ) : state === 'closed' ? (
          <p>{say(waitingRoomTexts.closed)}</p>
        ) : null}
      </div>
      {state === 'waiting' && (
        <>
          {progress !== null && (
            <progress className="waiting-room__progress" max={1} value={progress} aria-label={say(waitingRoomTexts.progress)} />
          )}
          <p id="waiting-room-wait">
            {say(status?.onsale.paused ? waitingRoomTexts.paused : status?.wait_seconds != null ? waitingRoomTexts.waitAbout(say(waitText(status.wait_seconds))) : waitingRoomTexts.waitUnknown)}
          </p>
        </>
      )}
      <ProductLists products={status?.products ?? []} ended={ended} />
      {ended ? (
        <ButtonLink to="/" variant="primary" id="waiting-room-to-shop">
          {say(waitingRoomTexts.toShop)}
        </ButtonLink>
      ) : (
        <p className="waiting-room__next" id="waiting-room-next">
          {say(waitingRoomTexts.whatNext)}
        </p>
      )}
    </div>
  );
}

/** The sale's products still to be had (not once the sale is over: "still" only beside some sold out) and those sold out. */
function ProductLists({ products, ended }: { products: QueueStatus['products']; ended: boolean }) {
  const available = products.filter((product) => product.available);
  const gone = products.filter((product) => !product.available);
  return (
    <>
      {!ended && <ProductList id="waiting-room-available" title={say(gone.length ? waitingRoomTexts.stillAvailable : waitingRoomTexts.inThisSale)} products={available} />}
      <ProductList id="waiting-room-gone" title={say(waitingRoomTexts.soldOutList)} products={gone} gone />
    </>
  );
}

/** Products of the sale under a heading (none: nothing shown); sold-out ones struck through. */
function ProductList({ id, title, products, gone = false }: { id: string; title: string; products: QueueStatus['products']; gone?: boolean }) {
  if (products.length === 0) return null;
  return (
    <section className="waiting-room__products" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="waiting-room__subtitle">
        {title}
      </h2>
      <ul className={gone ? 'waiting-room__list waiting-room__list--gone' : 'waiting-room__list'} id={id}>
        {products.map((product) => (
          <li key={product.external_code}>{product.name}</li>
        ))}
      </ul>
    </section>
  );
}
