import type { SnapshotFrom } from 'xstate';
import { PROMINENT_AFTER_VIEWS, type installPromptMachine } from './installPrompt.machine';

export type InstallPromptSnapshot = SnapshotFrom<typeof installPromptMachine>;

/** The top bar shows the install button. */
export const selectInstallButtonShown = (s: InstallPromptSnapshot) => s.hasTag('buttonShown');
/** After 3 views the button changes style. */
export const selectInstallButtonProminent = (s: InstallPromptSnapshot) => s.context.views > PROMINENT_AFTER_VIEWS;
/** The Safari instructions dialog is open. */
export const selectInstallDialogOpen = (s: InstallPromptSnapshot) => s.hasTag('dialogOpen');
/** Waiting for the member's answer to the browser's dialog. */
export const selectInstallPrompting = (s: InstallPromptSnapshot) => s.matches({ offerable: 'prompting' });
