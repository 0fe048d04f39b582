import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../../../testing/account-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { resetSessionStore, signIn } from '../../../lib/session';
import type { Locale } from '../../../i18n/locales';
import { AddStudentScreen } from './add-student-screen';
import { EditStudentScreen } from './edit-student-screen';
import { StudentsScreen } from './students-screen';

// The profile's student screens (moved from features/profile-lists/profile-lists.test.tsx with the
// screens). The app puts them in the profile's list page (app/profile-screens.tsx); here a bare one.

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = dinerFixture();

const RESTAURANT = {
  id: 3,
  slug: 'maple-school',
  name: 'Maple School',
  delivery: {
    schools: [
      { name: 'Maple Grove', grades: 'K,1,2', classrooms: '101,102', teachers: 'Ms. Chen, Mme Roy' },
      { name: 'Cedar Ridge', grades: '6,7', classrooms: '', teachers: '' },
    ],
  },
};

const SAM = { id: 11, firstName: 'Sam', lastName: 'Diner', school: 'Maple Grove', grade: '1', classroom: '101', teacher: 'Mme Roy' };
const ADA = { id: 12, firstName: 'Ada', lastName: 'Diner', school: 'Cedar Ridge', grade: '6', classroom: '2B', teacher: 'Mr. Lee' };

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {children}
    </section>
  );
}

/** Where the app is now, read by the tests after a redirect. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const SCREENS = [
  ['/profile/students', StudentsScreen],
  ['/profile/students/create', AddStudentScreen],
  ['/profile/students/:id', EditStudentScreen],
] as const;

/** The three student screens and a stand-in sign-in page, at `path`. */
function renderAt(path: string, locale: Locale = 'en-CA') {
  const routes = SCREENS.map(([at, Screen]) => <Route key={at} path={at} element={<Screen Page={Page} />} />);
  const login = <Route path="/login" element={<h1>Log in</h1>} />;
  return renderWithProviders(
    <>
      <Routes>{[login, ...routes]}</Routes>
      <Where />
    </>,
    { path, locale },
  );
}

// Every test starts with the diner signed in; the guard's signs out first.
beforeEach(() => signIn({ token: 'secret-token', user: USER }));
afterEach(() => resetSessionStore());

describe('the students screens', () => {
  it('send a visitor without a session to /login keeping the query', async () => {
    const path = '/profile/students?restaurant=maple-school';
    resetSessionStore();
    mockFetch(() => json(500, {}));
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toContain('/login?');
    expect(screen.getByTestId('where').textContent).toContain(`redirect=${encodeURIComponent('/profile/students')}`);
  });
});

describe('students', () => {
  it('lists the students of the restaurant with the session token and restaurant header', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/data.json')
        ? json(200, RESTAURANT)
        : json(200, { items: [], students: [SAM, ADA], subsidyCode: null, credits: USER.credits }),
    );
    renderAt('/profile/students?restaurant=maple-school');
    const list = await screen.findByRole('list', { name: 'Your students' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('heading', { name: 'Sam Diner' })).toBeTruthy();
    expect(within(list).getByText('Cedar Ridge')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/get-user-snapshot')) ?? [];
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer secret-token', 'X-Restaurant-Id': '3' });
  });

  it('says that students need a restaurant when the profile was opened without one', async () => {
    mockFetch(() => json(500, {}));
    renderAt('/profile/students');
    expect((await screen.findByRole('alert')).textContent).toContain('Students are kept per restaurant');
  });

  it('deletes a student only after confirming, and announces it', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/data.json')) return json(200, RESTAURANT);
      if (url.endsWith('/delete-student/11')) return json(200, { ok: true });
      return json(200, { items: [], students: [SAM, ADA], subsidyCode: null, credits: USER.credits });
    });
    renderAt('/profile/students?restaurant=maple-school');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sam Diner' }));
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/delete-student/11'))).toBe(false);
    expect(document.activeElement?.textContent).toBe('Delete Sam Diner? This cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sam Diner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByText('Sam Diner was deleted.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('heading', { name: 'Sam Diner' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ada Diner' })).toBeTruthy();
  });

  it('offers the restaurant’s schools as choices, names missing fields and focuses the first', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/data.json')) return json(200, RESTAURANT);
      if (url.endsWith('/api/auth/students')) return json(200, { student: { id: 13, ...(JSON.parse(String(init.body)) as object) } });
      return json(200, { items: [], students: [], subsidyCode: null, credits: USER.credits });
    });
    renderAt('/profile/students/create?restaurant=maple-school');
    fireEvent.click(await screen.findByRole('button', { name: 'Add the student' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(6);
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Lou' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Diner<' } });
    const school = screen.getByRole('combobox', { name: 'School' });
    expect(
      within(school)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Maple Grove', 'Cedar Ridge']);
    fireEvent.change(school, { target: { value: 'Maple Grove' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Grade' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Classroom' }), { target: { value: '102' } });
    const teacher = screen.getByRole('combobox', { name: 'Teacher' });
    expect(
      within(teacher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Ms. Chen', 'Mme Roy']);
    fireEvent.change(teacher, { target: { value: 'Ms. Chen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the student' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Last name'));
    expect(screen.getByText(/Use letters, spaces/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Diner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the student' }));
    expect(await screen.findByText('Lou Diner was added.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/profile/students?restaurant=maple-school');
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/api/auth/students')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Lou',
      lastName: 'Diner',
      school: 'Maple Grove',
      grade: '2',
      classroom: '102',
      teacher: 'Ms. Chen',
      allergens: [],
    });
  });

  it('uses text fields where the school lists nothing, and edits in French', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/data.json')) return json(200, RESTAURANT);
      if (url.endsWith('/students/12')) return json(200, { student: { ...ADA, classroom: '3C' } });
      return json(200, { items: [], students: [SAM, ADA], subsidyCode: null, credits: USER.credits });
    });
    renderAt('/profile/students/12?restaurant=maple-school', 'fr-CA');
    const classroom = await screen.findByRole('textbox', { name: 'Classe' });
    expect((classroom as HTMLInputElement).value).toBe('2B');
    expect(screen.getByRole('combobox', { name: 'Année' })).toBeTruthy();
    fireEvent.change(classroom, { target: { value: '3C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ada Diner a été enregistré.')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/students/12')) ?? [];
    expect(init?.method).toBe('PUT');
  });

  it('shows a student that is not the user’s as not found', async () => {
    mockFetch((url) =>
      url.endsWith('/data.json')
        ? json(200, RESTAURANT)
        : json(200, { items: [], students: [SAM], subsidyCode: null, credits: USER.credits }),
    );
    renderAt('/profile/students/999?restaurant=maple-school');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this student.');
  });
});
