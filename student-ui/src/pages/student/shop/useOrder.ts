/** One of the pupil's orders, read again when a notice about it arrives over the socket. */
import { useEffect } from 'react';
import { ORDER_NOTICE, getMyOrder } from '../../../api/shop';
import { useApi } from '../../../lib/useApi';

export function useOrder(orderId: string) {
  const order = useApi(() => getMyOrder(orderId), orderId);
  const { reload } = order;
  useEffect(() => {
    const onNotice = (e: Event) => {
      if ((e as CustomEvent<string>).detail === orderId) void reload();
    };
    window.addEventListener(ORDER_NOTICE, onNotice);
    return () => window.removeEventListener(ORDER_NOTICE, onNotice);
  }, [orderId, reload]);
  return order;
}
