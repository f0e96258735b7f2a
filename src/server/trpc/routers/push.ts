import { pushEndpointInput, pushSubscribeInput } from '../../../shared/push-schemas.js';
import { device, subscribe, unsubscribe, vapidKeys } from '../../domain/push-subscriptions.js';
import { protectedProcedure, router } from '../init.js';

// Web Push on the member's devices: the settings section "Notifications on this device".
export const pushRouter = router({
  /** The instance's VAPID public key: the browser's applicationServerKey. */
  publicKey: protectedProcedure.query(async ({ ctx }) => ({
    publicKey: (await vapidKeys(ctx.store)).publicKey,
  })),
  device: protectedProcedure
    .input(pushEndpointInput)
    .query(({ ctx, input }) => device(ctx.store, ctx.actor, input.endpoint)),
  subscribe: protectedProcedure
    .input(pushSubscribeInput)
    .mutation(({ ctx, input }) =>
      subscribe(ctx.store, ctx.actor, input, { allowPrivateEndpoints: ctx.allowPrivatePushEndpoints }),
    ),
  unsubscribe: protectedProcedure
    .input(pushEndpointInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.store, ctx.actor, input.endpoint)),
});
