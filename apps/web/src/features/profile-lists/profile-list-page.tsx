import type { ReactNode } from 'react';
import '../account/account.css';
import './profile-lists.css';

/**
 * The page of a profile list (past receipts, scheduled orders, and the school's students, which the
 * app puts in it: app/profile-screens.tsx): the account pages' layout, titled, with the looks of
 * the cards, notices and confirmations inside (profile-lists.css).
 */
export function ProfileListPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="account-screen profile-lists" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {children}
    </section>
  );
}
