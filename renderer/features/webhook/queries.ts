/**
 * The Webhooks page's server state: endpoints, and the delivery log filtered by endpoint, status
 * and event, refreshed every few seconds so a delivery's tries show up while the page is open.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";

type DeliveryPage = Awaited<ReturnType<typeof api.adminListWebhookDeliveries>>;
export type WebhookDelivery = DeliveryPage["deliveries"][number];
export type DeliveryStatus = WebhookDelivery["status"];

const REFRESH_MS = 3000;

export function useWebhookEndpoints() {
  return useQuery({ queryKey: ["webhook", "endpoints"], queryFn: () => api.adminListWebhooks({}), refetchInterval: REFRESH_MS });
}

export function useWebhookDeliveries(filter: { endpointId?: string; status?: DeliveryStatus; eventType?: string }) {
  return useQuery({
    queryKey: ["webhook", "deliveries", filter],
    queryFn: () =>
      api.adminListWebhookDeliveries({
        limit: 50,
        ...(filter.endpointId ? { endpointId: filter.endpointId } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.eventType ? { eventType: filter.eventType } : {}),
      }),
    refetchInterval: REFRESH_MS,
  });
}

export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.adminRedeliverWebhook({ deliveryId }),
    onSettled: () => client.invalidateQueries({ queryKey: ["webhook"] }),
  });
}
