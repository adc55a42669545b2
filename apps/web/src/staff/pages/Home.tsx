import { staffAdminMessages } from '@festival/contract';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/ui/Page';
import { sectionsFor } from '../sections';
import { staffTexts } from '../texts';
import { useMember } from '../use-member';

/** The start: the first section this role may open, or for the gate crew the way to the scanner. */
export function Home() {
  const member = useMember();
  // Your own password is a page of every role, never the start.
  const first = sectionsFor(member.role).find((section) => section.path !== 'account');
  if (first) return <Navigate to={`/${first.path}`} replace />;
  if (member.role !== 'gate') return <Page title={staffTexts.home.title} lead={staffTexts.home.nothingYet} />;
  return (
    <Page title={staffTexts.home.gateTitle} lead={staffTexts.home.gateLead}>
      <p>
        <a className="btn btn--primary btn--md" href="/scan/">
          {staffTexts.home.gateLink}
        </a>
      </p>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title={staffTexts.notFound}>
      <p>
        <Link to="/">{staffTexts.backHome}</Link>
      </p>
    </Page>
  );
}

/** A page this member's role may not open: the shop's refusal, and the way back. */
export function NotAllowed() {
  return (
    <Page title={staffTexts.notAllowedTitle} lead={staffAdminMessages.notAllowed}>
      <p>
        <Link to="/">{staffTexts.backHome}</Link>
      </p>
    </Page>
  );
}
