import { Inject, Injectable } from '@nestjs/common';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import { type UploadKind, storageKey } from './upload.types';

/**
 * The address of a stored file: under UPLOAD_PUBLIC_URL when a CDN or the bucket serves files, otherwise the
 * service's own read routes (relative, so it works through the gateway on any host).
 */
@Injectable()
export class UploadUrls {
  private readonly base: string | undefined;

  constructor(@Inject(KIT_CONFIG) config: KitConfig) {
    this.base = config.UPLOAD_PUBLIC_URL?.replace(/\/+$/, '');
  }

  /**
   * Images are public, so a CDN may serve them. Files never go to UPLOAD_PUBLIC_URL: they are private (recordings,
   * materials) and only the service's route checks who asks.
   */
  of(kind: UploadKind, filename: string): string {
    if (this.base && kind === 'image') return `${this.base}/${storageKey(kind, filename)}`;
    return kind === 'image' ? `/api/upload-image/${filename}` : `/api/upload/files/${filename}`;
  }
}
