import { staffAdminMessages } from '@festival/contract';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/ui/Page';
import { sectionsFor } from '../sections';
import { staffTexts } from '../texts';
import { useMember } from '../use-member';
import { say } from '../../lib/say';

/** The start: the first section this role may open, or for the gate crew the way to the scanner. */
export function Home() {
  const member = useMember();
  // Your own password is a page of every role, never the start.
  const first = sectionsFor(member.role).find((section) => section.path !== 'account');
  if (first) return <Navigate to={`/${first.path}`} replace />;
  if (member.role !== 'gate') return <Page title={say(staffTexts.home.title)} lead={say(staffTexts.home.nothingYet)} />;
  return (
    <Page title={say(staffTexts.home.gateTitle)} lead={say(staffTexts.home.gateLead)}>
      <p>
        <a className="btn btn--primary btn--md" href="/scan/">
          {say(staffTexts.home.gateLink)}
        </a>
      </p>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title={say(staffTexts.notFound)}>
      <p>
        <Link to="/">{say(staffTexts.backHome)}</Link>
      </p>
    </Page>
  );
}

/** A page this member's role may not open: the shop's refusal, and the way back. */
export function NotAllowed() {
  return (
    <Page title={say(staffTexts.notAllowedTitle)} lead={say(staffAdminMessages.notAllowed)}>
      <p>
        <Link to="/">{say(staffTexts.backHome)}</Link>
      </p>
    </Page>
  );
}
