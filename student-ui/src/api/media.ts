/**
 * Learning's media for pupils (services/learning/src/media, proto/src/http.media.ts): the footer's social-media links
 * (GET /api/social-media, no sign-in), a lesson's recording, a video's play address, and the materials of a lesson,
 * training subchapter, library chapter or event (files downloaded with the token, links, videos).
 */
import { useEffect, useState } from 'react';
import type { MaterialOwnerKind, MaterialView, MaterialViewsReply, SocialMediaLinks, SocialMediaReply, VideoInfo, VideoInfoReply } from '@olymp/proto';
import { apiJson } from './http';
import { authJson, downloadWithToken } from './session';

export type { MaterialOwnerKind, MaterialView, SocialMediaLinks, VideoInfo } from '@olymp/proto';

let cached: Promise<SocialMediaLinks> | undefined;

/** Read once per page load; a failed read is not kept (the footer shows the networks' own pages meanwhile). */
export function getSocialMedia(): Promise<SocialMediaLinks> {
  if (!cached) {
    const links = apiJson<SocialMediaReply>('social-media').then((r) => r.data);
    cached = links;
    links.catch(() => {
      if (cached === links) cached = undefined;
    });
  }
  return cached;
}

/** The links staff set, or null until they arrive (or when they cannot be read). */
export function useSocialMedia(): SocialMediaLinks | null {
  const [links, setLinks] = useState<SocialMediaLinks | null>(null);
  useEffect(() => {
    let live = true;
    getSocialMedia().then(
      (l) => {
        if (live) setLinks(l);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return links;
}

/** A lesson's recording for a pupil of its group (403 RECORDING_EXPIRED after 60 days, 404 when there is none). */
export async function getLessonRecording(lessonId: string): Promise<VideoInfo> {
  return (await authJson<VideoInfoReply>(`lessons/${lessonId}/recording`)).data;
}

/** A video's facts and its play address (with a ticket: a `<video>` element sends no Authorization header). */
export async function getVideoInfo(videoId: string): Promise<VideoInfo> {
  return (await authJson<VideoInfoReply>(`videos/${videoId}/info`)).data;
}

/** An owner's materials as a reader sees them: files and videos (`media`) and links (`links`), in staff's order. */
export async function getMaterials(ownerKind: MaterialOwnerKind, ownerId: string): Promise<MaterialView[]> {
  const q = `ownerKind=${encodeURIComponent(ownerKind)}&ownerId=${encodeURIComponent(ownerId)}`;
  const [media, links] = await Promise.all([authJson<MaterialViewsReply>(`materials/media?${q}`), authJson<MaterialViewsReply>(`materials/links?${q}`)]);
  return [...media.data, ...links.data].sort((a, b) => a.position - b.position);
}

/**
 * A file material saved on the device: `GET /api/materials/{id}/file` answers only with the pupil's token (private
 * uploads are served through the owner's checks), so it is fetched and handed over as a blob, named after its
 * title with the stored file's extension.
 */
export function downloadMaterial(material: MaterialView, title: string): Promise<void> {
  return downloadWithToken(`materials/${material.id}/file`, (stored) => {
    const ext = /\.([A-Za-z0-9]{1,8})$/.exec(stored ?? '')?.[1];
    const base = title.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 120) || 'file';
    return ext ? `${base}.${ext.toLowerCase()}` : base;
  });
}
