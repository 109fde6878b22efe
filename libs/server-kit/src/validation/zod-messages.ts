import { z } from 'zod';
import type { Locale } from '@olymp/proto';

/**
 * Field-level validation messages per locale. zod ships ru and en; it has no Kazakh locale, so the Kazakh map
 * covers the issue kinds our schemas produce and says what to do.
 */
const kk: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'міндетті өріс' : `түрі қате: ${String(issue.expected)} күтіледі`;
    case 'too_small':
      return issue.origin === 'string'
        ? `кемінде ${String(issue.minimum)} таңба болуы керек`
        : issue.origin === 'array'
          ? `кемінде ${String(issue.minimum)} элемент болуы керек`
          : `${String(issue.minimum)} мәнінен кем болмауы керек`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${String(issue.maximum)} таңбадан аспауы керек`
        : issue.origin === 'array'
          ? `${String(issue.maximum)} элементтен аспауы керек`
          : `${String(issue.maximum)} мәнінен аспауы керек`;
    case 'invalid_format':
      return issue.format === 'uuid' ? 'жарамсыз идентификатор (UUID)' : `пішімі қате (${issue.format})`;
    case 'invalid_value':
      return `рұқсат етілген мәндердің бірі болуы керек: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `белгісіз өрістер: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${String(issue.divisor)} санына еселік болуы керек`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'мәні қате';
    default:
      return 'мәні қате';
  }
};

const maps: Record<Locale, z.core.$ZodErrorMap> = {
  kk,
  ru: z.locales.ru().localeError,
  en: z.locales.en().localeError,
};

export function zodErrorMap(locale: Locale): z.core.$ZodErrorMap {
  return maps[locale];
}
