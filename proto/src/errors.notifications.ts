import { type ErrorDef, def } from './error-def';

/** Error codes of the notifications service (merged into ERRORS). */
export const NOTIFICATIONS_ERRORS = {
  LEADERBOARD_TOO_MANY_BOARDS: def(
    400,
    'You are watching too many leaderboards at once (at most {max}). Close one and try again.',
    'Вы следите за слишком многими рейтингами сразу (не больше {max}). Закройте один и попробуйте снова.',
    'Бір уақытта тым көп рейтингті бақылап отырсыз (ең көбі {max}). Біреуін жауып, қайталап көріңіз.',
  ),
} as const satisfies Record<string, ErrorDef>;
