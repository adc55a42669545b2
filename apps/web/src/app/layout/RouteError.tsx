import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { Page } from '../../components/ui/Page';

/** A page that failed to load or render; most often a new version of the shop was deployed. */
export function RouteError() {
  return (
    <Page title="Something went wrong" lead="This page could not be shown. Please reload it or go back to the home page.">
      <div className="button-row">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <ButtonLink to="/" variant="secondary">
          Home
        </ButtonLink>
      </div>
    </Page>
  );
}
