import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { Page } from '../../components/ui/Page';
import { appTexts } from '../app.messages';
import { say } from '../../lib/say';

/** A page that failed to load or render; most often a new version of the shop was deployed. */
export function RouteError() {
  return (
    <Page title={say(appTexts.routeError.title)} lead={say(appTexts.routeError.lead)}>
      <div className="button-row">
        <Button onClick={() => window.location.reload()}>{say(appTexts.routeError.reload)}</Button>
        <ButtonLink to="/" variant="secondary">
          {say(appTexts.routeError.home)}
        </ButtonLink>
      </div>
    </Page>
  );
}
