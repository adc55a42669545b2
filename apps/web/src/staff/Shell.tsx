import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import LanguageSwitcher from '../components/ui/LanguageSwitcher';
import { Button } from '../components/ui/Button';
import { offeredLanguages } from '../lib/language';
import { staffCall } from './api';
import { Loading } from '../components/ui/Loading';
import { sectionsFor } from './sections';
import { forgetAllBut, ME_KEY } from './member';
import { staffTexts } from './texts';
import { useMember } from './use-member';
import { say } from '../lib/say';

/** The frame of every back-office page: the sections this member's role may open, who is signed in, and the page. */
export function Shell() {
  const member = useMember();
  const client = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After a move to another page the page takes the focus (its heading is read), as a new document would.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location.pathname]);

  const signOut = async () => {
    setLeaving(true);
    try {
      await staffCall('staff-sign-out', {});
    } finally {
      forgetAllBut(client, ME_KEY);
      client.setQueryData(ME_KEY, null);
      setLeaving(false);
    }
  };

  return (
    <div className="staff-frame">
      <a className="skip-link" href="#staff-main">
        {say(staffTexts.shell.skip)}
      </a>
      <header className="staff-header">
        <div className="staff-header__inner">
          <NavLink to="/" className="staff-header__brand" end>
            {say(staffTexts.appName)}
          </NavLink>
          <nav className="staff-nav" aria-label={say(staffTexts.shell.nav)}>
            <ul>
              {sectionsFor(member.role).map((section) => (
                <li key={section.path}>
                  <NavLink to={`/${section.path}`}>{say(section.label)}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="staff-header__member">
            {offeredLanguages().length > 1 && <LanguageSwitcher />}
            <span className="staff-header__who">{staffTexts.shell.signedInAs(member.name, say(staffTexts.roles[member.role]))}</span>
            <Button variant="secondary" size="sm" loading={leaving} onClick={() => void signOut()} className="staff-header__sign-out">
              {say(staffTexts.shell.signOut)}
            </Button>
          </div>
        </div>
      </header>
      <main id="staff-main" className="staff-main" ref={main} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
