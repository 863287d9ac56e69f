// The delete of a group after its confirmation: the dialog's state, busy while the call runs, the notice after.
import { useState } from 'react';
import { configApi, type Group, type GroupResource } from '../../lib/api';
import { notifyDeleted, notifyFailure } from '../../lib/notices';

export function useGroupRemove(resource: GroupResource, group: Group, onDeleted: (id: number) => void) {
  const [removing, setRemoving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      await configApi.remove(resource, group.id);
      setConfirming(false);
      notifyDeleted();
      onDeleted(group.id);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setRemoving(false);
    }
  };
  return { removing, confirming, setConfirming, remove };
}
