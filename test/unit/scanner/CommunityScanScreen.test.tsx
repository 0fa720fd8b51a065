import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetData, signIn } from '../data/dataTestKit';
import { readPendingCommunity } from '../../../src/data/pendingCommunity';
import { envelope } from '../screens/fakeFetch';
import { renderApp } from '../screens/renderApp';

/** The server: one community, `demo`. Records the community lookups. */
function serveCommunities() {
  const lookups: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const { pathname } = new URL(request.url);
    const id = /^\/web\/community\/([^/]+)$/.exec(pathname)?.[1];
    if (!id) return envelope({ status: 404, error: 'NOT_FOUND' });
    lookups.push(decodeURIComponent(id));
    return id === 'demo' ? envelope({ data: { communityId: 'demo', name: 'Demo Community' } }) : envelope({ status: 404, error: 'COMMUNITY_NOT_FOUND' });
  });
  return lookups;
}

afterEach(resetData);

describe('CommunityScanScreen', () => {
  it('checks the community of a join link at once, shows it by name and goes on to sign up', async () => {
    const lookups = serveCommunities();
    const { location } = await renderApp({ path: '/community-scan?communityId=demo' });
    expect(await screen.findByText('Demo Community')).toBeTruthy();
    expect(screen.getByText('Your community')).toBeTruthy();
    expect(lookups).toEqual(['demo']);
    expect(readPendingCommunity()).toEqual({ communityId: 'demo', name: 'Demo Community' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign up' }));
    expect(location.history?.at(-1)).toBe('/signup');
  });

  it.each([
    ['an unknown community', 'nope', ['nope'], 'Community not found', 'No community uses this code any more. Ask your community for its current code.'],
    ['a malformed id (never sent)', '%3Cscript%3E', [], 'Not a community code', 'This QR code does not join a community. Scan the code your community shared with you.'],
    ['an empty id (never sent)', '', [], 'Not a community code', 'This QR code does not join a community. Scan the code your community shared with you.'],
  ])('says what was scanned for %s (an answer in blue, not a failure), and offers to scan another code', async (_, id, expectedLookups, title, text) => {
    const lookups = serveCommunities();
    await renderApp({ path: `/community-scan?communityId=${id}` });
    const rejection = await screen.findByTestId('qr-rejection');
    expect(rejection.textContent).toBe(`${title}${text}`);
    // Mantine writes the alert's colour into its style: blue, not the failure's red.
    expect(rejection.getAttribute('style')).toMatch(/blue/);
    expect(rejection.getAttribute('style')).not.toMatch(/red/);
    expect(screen.queryByText('Uh-oh, something went wrong')).toBeNull();
    expect(lookups).toEqual(expectedLookups);
    expect(readPendingCommunity()).toBeNull();
    // happy-dom has no camera: scanning again ends on the camera message, with the photo as the
    // way on (the primary button) and no 'Try again' of a camera that is not there.
    fireEvent.click(screen.getByRole('button', { name: 'Scan another code' }));
    expect(await screen.findByText('No camera is available here. Choose a photo of the code instead.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a photo' }).getAttribute('data-variant')).toBe('filled');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('in Spanish: the answer for a code that joins no community', async () => {
    serveCommunities();
    await renderApp({ path: '/community-scan?communityId=', language: 'es' });
    expect((await screen.findByTestId('qr-rejection')).textContent).toBe(
      'No es un código de comunidadEste código QR no es para unirse a una comunidad. Escanea el código que te compartió tu comunidad.',
    );
    expect(screen.getByRole('button', { name: 'Escanear otro código' })).toBeTruthy();
  });

  it('starts the camera without a link, and always offers a photo of the code', async () => {
    serveCommunities();
    const { container } = await renderApp({ path: '/community-scan' });
    expect(await screen.findByText('The camera is off')).toBeTruthy();
    // No camera: no empty camera box under the message.
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    const input = container.querySelector('main input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.getAttribute('aria-label')).toBe('Photo of the QR code');

    // happy-dom cannot decode images: the photo is unreadable, said with the photo's own message.
    fireEvent.change(input, { target: { files: [new File(['?'], 'code.png', { type: 'image/png' })] } });
    expect(await screen.findByText('This photo could not be opened. Try another photo.')).toBeTruthy();
    expect(screen.getByText('Uh-oh, something went wrong')).toBeTruthy();
  });

  it('tells a signed-in member the code is for new members instead of offering sign-up', async () => {
    serveCommunities();
    signIn(7);
    await renderApp({ path: '/community-scan?communityId=demo' });
    expect(await screen.findByText('You are already signed in')).toBeTruthy();
    expect(screen.getByText('Demo Community')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to sign up' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to home' })).toBeTruthy());
  });
});
