import { runService } from '@olymp/server-kit';
import { notificationsService } from './app';

runService(notificationsService);
