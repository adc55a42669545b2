import { emptyShopMessages as texts } from '@festival/contract';
import { say } from '../../../lib/say';

/**
 * The home page of a shop without a catalogue (decision 0058): visitors read that the shop opens
 * soon (an active shop; an inactive one keeps its configured text), and below, set apart, the
 * organiser finds the steps to a shop that sells. The note is shown to everyone: only someone on
 * the server can act on it, it names no secret, and it must be there before the first admin
 * exists. Loaded only when shown.
 */
export default function EmptyShopNotes({ shopActive }: { shopActive: boolean }) {
  return (
    <>
      {shopActive && (
        <section className="home__closed" aria-labelledby="opens-soon-title">
          <h2 id="opens-soon-title">{say(texts.opensSoonTitle)}</h2>
          <p>{say(texts.opensSoonText)}</p>
        </section>
      )}
      <aside className="home__setup" aria-labelledby="set-up-title">
        <h2 id="set-up-title">{say(texts.setUpTitle)}</h2>
        <p>{say(texts.setUpIntro)}</p>
        <ol className="home__setup-steps">
          <li>
            {say(texts.setUpAdmin)} <code>npm run staff -- add you@example.org --role admin</code>
          </li>
          <li>
            {say(texts.setUpCatalogue)} <code>npm run catalog -- import catalogue.yaml</code>
            {say(texts.setUpCatalogueOr)}{' '}
            <a href="/staff/catalogue">/staff/catalogue</a>.
          </li>
        </ol>
        <p>{say(texts.setUpAfter)}</p>
      </aside>
    </>
  );
}
