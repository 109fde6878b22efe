import path from 'node:path';
import { describeTranslations } from '@olymp/web-common/testing';

/** Every language has the same translation groups with the same keys, and no empty texts. */
describeTranslations('admin-ui', path.resolve(__dirname, '../src/i18n/locales'));
