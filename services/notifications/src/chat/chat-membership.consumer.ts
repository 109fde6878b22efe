import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { ChatService } from './chat.service';

/** Chat-group membership from learning's facts (one node handles each; the kit's inbox and `at` make it idempotent). */
@Injectable()
export class ChatMembershipConsumer {
  constructor(private readonly chat: ChatService) {}

  @OnEvent('learning.membership.changed', { durable: 'notifications.chat.membership' })
  async changed(e: EventPayload<'learning.membership.changed'>, ctx: EventContext): Promise<void> {
    await this.chat.applyMembership(ctx.manager, e);
  }

  /** An event's chat opened to every pupil or a grade, or closed (docs/chat.md); a repeated fact changes nothing. */
  @OnEvent('event.audience.changed', { durable: 'notifications.chat.audience' })
  async audience(e: EventPayload<'event.audience.changed'>, ctx: EventContext): Promise<void> {
    await this.chat.applyAudience(ctx.manager, e);
  }
}
