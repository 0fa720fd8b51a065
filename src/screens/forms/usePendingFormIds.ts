import { useEffect, useMemo, useRef } from 'react';
import { usePendingOffline } from '../../data/offlineQueues';
import { reloadResource } from '../../data/resources';

/**
 * The ids of the forms waiting in the offline queue. When one leaves the queue (sent by the
 * connectivity sync, here or in another tab) the forms list is fetched again, so it shows the
 * form answered instead of open.
 */
export function usePendingFormIds(): ReadonlySet<number> {
  const { forms: queued } = usePendingOffline();
  const key = queued.map((submission) => submission.formId).join(',');
  const ids = useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);

  const previous = useRef(ids);
  useEffect(() => {
    const left = [...previous.current].some((id) => !ids.has(id));
    previous.current = ids;
    if (left) reloadResource('forms');
  }, [ids]);
  return ids;
}
