import { useMemo } from 'react';
import { usePendingQueues } from '../../actors/hooks';

/** The ids of the forms waiting in the offline queue (the connectivity sync keeps the list current). */
export function usePendingFormIds(): ReadonlySet<number> {
  const { forms } = usePendingQueues();
  const key = forms.map((submission) => submission.formId).join(',');
  return useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
}
