import 'fake-indexeddb/auto';
import { act, cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import Dexie from 'dexie';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine, type StoredCredentials } from '../../../../machines';
import { closeDatabases } from '../../../../src/data/databases';
import { resetResources } from '../../../../src/data/resources';
import type { SentRequest } from '../fakeFetch';

/** The signed-in, verified member every screen test of redeem, rewards and activity runs as (user 7). */
export const stored: StoredCredentials = { authToken: 'auth-token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' };
export const verified = sessionMachine.provide({ actors: { restoreSession: fromPromise<StoredCredentials | null>(async () => stored) } });
export const scope = { userId: 7, language: 'en' };

/** The idempotency key pattern of openapi.yaml. */
export const keyPattern = /^[A-Za-z0-9_-]{8,128}$/;

/** A fetch that never gets an answer (offline, or the server is down). */
export const noAnswer = () => {
  throw new TypeError('Failed to fetch');
};

export const requests = (sent: SentRequest[], method: string, path: string) => sent.filter((r) => r.method === method && r.path === path);

export function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

export function signIn() {
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value as string);
}

/** Unmounts, forgets every resource actor and deletes the local databases. */
export async function resetData() {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetResources();
  closeDatabases();
  await Promise.all(['earn', 'redeem', 'forms', 'user', 'offlineEarn', 'offlineForms'].map((name) => Dexie.delete(name)));
}
