import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { resetData } from '../data/dataTestKit';
import { fakeFetch, requests } from './fakeFetch';
import { renderApp } from './renderApp';

// Swagger UI (its own React, ~1.7 MB) is drawn in the end-to-end test; here the page around it.
vi.mock('../../../src/screens/apiDocs/ApiDocsViewer', () => ({ default: () => <div data-testid="openapi-viewer" /> }));

afterEach(resetData);

const type = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
const press = () => fireEvent.click(screen.getByRole('button', { name: 'Check' }));

describe('ApiDocsScreen', () => {
  it('is open to a visitor and checks whether an e-mail is in use through the real call', async () => {
    const sent = fakeFetch({
      'GET /web/user/email': ({ query }) => ({ data: { exists: query.email.toLowerCase() === 'ada@example.org' } }),
    });
    await renderApp({ path: '/api-docs' });
    expect(await screen.findByRole('heading', { name: 'API docs' })).toBeTruthy();
    expect(await screen.findByTestId('openapi-viewer')).toBeTruthy();
    // In English there is nothing to say about the contract's language.
    expect(screen.queryByTestId('api-docs-english')).toBeNull();

    type('ada@@example.org');
    press();
    expect(await screen.findByText('Email cannot contain more than one @.')).toBeTruthy();
    expect(requests(sent, 'GET', '/web/user/email')).toHaveLength(0);

    type(' Ada@Example.org ');
    press();
    expect(await screen.findByText('An account uses Ada@Example.org.')).toBeTruthy();
    expect(requests(sent, 'GET', '/web/user/email').at(-1)?.query).toEqual({ email: 'Ada@Example.org' });

    type('grace@example.org');
    press();
    expect(await screen.findByText('No account uses grace@example.org.')).toBeTruthy();
  });

  it('says so when the server limits the checks', async () => {
    fakeFetch({ 'GET /web/user/email': { status: 429, error: 'RATE_LIMITED' } });
    await renderApp({ path: '/api-docs' });
    await screen.findByLabelText('Email');
    type('ada@example.org');
    press();
    expect(await screen.findByText('Too many checks from here. Please wait a minute and try again.')).toBeTruthy();
    expect(screen.queryByTestId('email-check-result')).toBeNull();
  });

  it('in Spanish, says the reference below is in English', async () => {
    fakeFetch({});
    await renderApp({ path: '/api-docs', language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Documentación de la API' })).toBeTruthy();
    expect(screen.getByTestId('api-docs-english').textContent).toBe(
      'La referencia de abajo está en inglés, el idioma en que está escrito el contrato.',
    );
  });
});
