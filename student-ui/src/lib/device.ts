/** The device the pupil signs in from (spec section 3): one id made once and kept, and what the browser tells. */
import { STORAGE_KEYS, readKey, writeKey } from './storage';

function randomId(): string {
  // randomUUID needs a secure context (https or localhost); getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  const existing = readKey(STORAGE_KEYS.deviceId);
  if (existing && existing.length >= 8) return existing;
  const id = randomId();
  writeKey(STORAGE_KEYS.deviceId, id);
  return id;
}

export interface DeviceInfo {
  userAgent?: string;
  platform?: string;
  language?: string;
  screenWidth?: number;
  screenHeight?: number;
  timeZone?: string;
  colorDepth?: number;
  pixelRatio?: number;
  touchPoints?: number;
  hardwareConcurrency?: number;
  deviceMemory?: number;
  webglVendor?: string;
  lastAccessed?: string;
}

let webglVendorCache: string | undefined | null = null;

function webglVendor(): string | undefined {
  if (webglVendorCache !== null) return webglVendorCache;
  webglVendorCache = undefined;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (gl) {
      const ext = gl.getExtension('WEBGL_debug_renderer_info');
      const vendor = ext ? gl.getParameter(ext.UNMASKED_VENDOR_WEBGL) : gl.getParameter(gl.VENDOR);
      if (typeof vendor === 'string') webglVendorCache = vendor.slice(0, 200);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL (headless, blocked): the field is optional.
  }
  return webglVendorCache;
}

const int = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : undefined);

export function deviceInfo(): DeviceInfo {
  const nav = navigator as Navigator & { deviceMemory?: number; userAgentData?: { platform?: string } };
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return {
    userAgent: nav.userAgent.slice(0, 500),
    platform: (nav.userAgentData?.platform || nav.platform || '').slice(0, 100) || undefined,
    language: nav.language?.slice(0, 35),
    screenWidth: int(screen.width),
    screenHeight: int(screen.height),
    timeZone,
    colorDepth: int(screen.colorDepth),
    pixelRatio: typeof devicePixelRatio === 'number' ? Math.min(16, devicePixelRatio) : undefined,
    touchPoints: int(nav.maxTouchPoints),
    hardwareConcurrency: int(nav.hardwareConcurrency),
    deviceMemory: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : undefined,
    webglVendor: webglVendor(),
    lastAccessed: new Date().toISOString(),
  };
}
