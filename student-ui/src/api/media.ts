/**
 * Learning's media for pupils (services/learning/src/media, proto/src/http.media.ts): the footer's social-media links
 * (GET /api/social-media, no sign-in), a lesson's recording and a video's play address.
 */
import { useEffect, useState } from 'react';
import type { SocialMediaLinks, SocialMediaReply, VideoInfo, VideoInfoReply } from '@olymp/proto';
import { apiJson } from './http';
import { authJson } from './session';

export type { SocialMediaLinks, VideoInfo } from '@olymp/proto';

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
