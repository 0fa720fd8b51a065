import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * The toast container (SPEC §9: top right, 20 px in — see theme/app.css — and 5000 ms). Loaded
 * after the first screen; toasts raised before it mounts wait in the notifications store.
 */
export default function Toasts() {
  return <Notifications position="top-right" autoClose={5000} />;
}
