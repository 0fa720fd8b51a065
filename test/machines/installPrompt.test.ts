import { describe, expect, it } from 'vitest';
import { installPromptMachine, PROMINENT_AFTER_VIEWS } from '../../machines/installPrompt.machine';
import {
  selectInstallButtonProminent,
  selectInstallButtonShown,
  selectInstallDialogOpen,
  selectInstallPrompting,
} from '../../machines/installPrompt.selectors';
import type { InstallStateOutput } from '../../machines/installPrompt.types';
import { action, actorStarted, actorStopped, sendAction, startRecorded } from './recording';

const found = (over: Partial<InstallStateOutput>): InstallStateOutput => ({ standalone: false, installed: false, views: 0, safari: false, ...over });

function startPrompt(state: InstallStateOutput) {
  const prompt = startRecorded(installPromptMachine);
  prompt.resolve('readInstallState', state);
  const view = () => {
    const s = prompt.actor.getSnapshot();
    return {
      shown: selectInstallButtonShown(s),
      prominent: selectInstallButtonProminent(s),
      dialog: selectInstallDialogOpen(s),
      prompting: selectInstallPrompting(s),
    };
  };
  return { ...prompt, view };
}

describe('installPrompt: browsers that offer installing', () => {
  it('shows the button only once the browser offers, and counts each showing as a view', () => {
    const prompt = startPrompt(found({ views: 0 }));
    expect(prompt.view().shown).toBe(false);
    prompt.send({ type: 'prompt.available' });
    expect(prompt.view().shown).toBe(true);
    prompt.send({ type: 'user.install' });
    prompt.send({ type: 'prompt.dismissed' });
    expect(prompt.view().shown).toBe(false);
    prompt.send({ type: 'prompt.available' });
    expect(prompt.log.take()).toEqual([
      actorStarted('readInstallState'),
      actorStarted('watchInstallPrompt'),
      action('storeViews', { views: 1 }),
      sendAction('showPrompt', 'watchInstallPrompt', { type: 'prompt.show' }),
      action('storeViews', { views: 2 }),
    ]);
    prompt.stop();
  });

  it(`changes the button's style after ${PROMINENT_AFTER_VIEWS} views`, () => {
    const prompt = startPrompt(found({ views: 2 }));
    prompt.send({ type: 'prompt.available' });
    expect(prompt.actor.getSnapshot().context.views).toBe(3);
    expect(prompt.view().prominent).toBe(false);
    prompt.send({ type: 'user.install' });
    prompt.send({ type: 'prompt.dismissed' });
    prompt.send({ type: 'prompt.available' });
    expect(prompt.actor.getSnapshot().context.views).toBe(4);
    expect(prompt.view()).toEqual({ shown: true, prominent: true, dialog: false, prompting: false });
    prompt.stop();
  });

  it('checks the install 5 s after the member accepts, not before; installed hides the button for good', () => {
    const prompt = startPrompt(found({}));
    prompt.send({ type: 'prompt.available' });
    prompt.send({ type: 'user.install' });
    expect(prompt.view().prompting).toBe(true);
    prompt.send({ type: 'prompt.accepted' });
    prompt.log.take();
    prompt.advance(4_999);
    expect(prompt.log.take()).toEqual([]);
    prompt.advance(1);
    expect(prompt.log.take()).toEqual([actorStarted('checkInstalled')]);
    prompt.resolve('checkInstalled', true);
    expect(prompt.log.take()).toEqual([action('storeInstalled'), actorStopped('watchInstallPrompt')]);
    prompt.send({ type: 'prompt.available' });
    expect(prompt.view().shown).toBe(false);
    prompt.stop();
  });

  it('not installed after 5 s: the button waits for the next offer', () => {
    const prompt = startPrompt(found({}));
    prompt.send({ type: 'prompt.available' });
    prompt.send({ type: 'user.install' });
    prompt.send({ type: 'prompt.accepted' });
    prompt.advance(5_000);
    prompt.resolve('checkInstalled', false);
    prompt.send({ type: 'prompt.available' });
    expect(prompt.view().shown).toBe(true);
    prompt.stop();
  });

  it("the browser's appinstalled hides it at once and is remembered", () => {
    const prompt = startPrompt(found({}));
    prompt.send({ type: 'prompt.available' });
    prompt.log.take();
    prompt.send({ type: 'app.installed' });
    expect(prompt.log.take()).toEqual([action('storeInstalled'), actorStopped('watchInstallPrompt')]);
    expect(prompt.view().shown).toBe(false);
    prompt.stop();
  });
});

describe('installPrompt: Safari', () => {
  it('shows the button at once (one view) and opens the instructions dialog; re-opening is not another view', () => {
    const prompt = startPrompt(found({ safari: true, views: 0 }));
    expect(prompt.view()).toEqual({ shown: true, prominent: false, dialog: false, prompting: false });
    prompt.send({ type: 'user.install' });
    expect(prompt.view().dialog).toBe(true);
    prompt.send({ type: 'user.close' });
    prompt.send({ type: 'user.install' });
    expect(prompt.view().dialog).toBe(true);
    expect(prompt.log.take()).toEqual([actorStarted('readInstallState'), action('storeViews', { views: 1 })]);
    prompt.stop();
  });
});

describe('installPrompt: nothing to offer', () => {
  it('running standalone locks the screen to portrait and shows no button', () => {
    const prompt = startPrompt(found({ standalone: true }));
    expect(prompt.log.take()).toEqual([actorStarted('readInstallState'), action('lockPortrait')]);
    expect(prompt.view().shown).toBe(false);
    prompt.stop();
  });

  it('installed from this browser before: no button, no watching', () => {
    const prompt = startPrompt(found({ installed: true, views: 7 }));
    expect(prompt.log.take()).toEqual([actorStarted('readInstallState')]);
    expect(prompt.view().shown).toBe(false);
    prompt.stop();
  });
});
