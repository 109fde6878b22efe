import { Injectable } from '@nestjs/common';
import { SOCIAL_NETWORKS, type SocialMediaLinks } from '@olymp/proto';
import { AuditLog, type AuthUser } from '@olymp/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { SocialMediaLink } from '../floor/media.entities';
import type { SocialMediaBody } from './media.dto';

export type SocialMediaState = SocialMediaLinks & { updatedAt: Date | null };

/** The footer's four social-media links (issue 16): read by anyone, set by staff who change settings; audited. */
@Injectable()
export class SocialMedia {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  read(manager: EntityManager = this.ds.manager): Promise<SocialMediaState> {
    return manager.find(SocialMediaLink).then((rows) => {
      const links: SocialMediaLinks = { instagram: null, telegram: null, youtube: null, tiktok: null };
      let updatedAt: Date | null = null;
      for (const r of rows) {
        links[r.network] = r.url;
        if (!updatedAt || r.updatedAt > updatedAt) updatedAt = r.updatedAt;
      }
      return { ...links, updatedAt };
    });
  }

  async save(user: AuthUser, body: SocialMediaBody): Promise<SocialMediaState> {
    return this.ds.transaction(async (m) => {
      await m.query('LOCK TABLE social_media_links IN SHARE ROW EXCLUSIVE MODE');
      const before = await this.read(m);
      for (const network of SOCIAL_NETWORKS) {
        const url = body[network];
        if (url === undefined) continue;
        if (url === null) await m.delete(SocialMediaLink, { network });
        else await m.upsert(SocialMediaLink, { network, url }, ['network']);
      }
      const after = await this.read(m);
      const strip = ({ updatedAt: _u, ...links }: SocialMediaState) => links;
      await this.audit.record(m, { actor: user, action: 'update', resource: 'social-media', resourceId: 'footer', before: strip(before), after: strip(after) });
      return after;
    });
  }
}
