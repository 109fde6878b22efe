import { runService } from '@olymp/server-kit';
import { authService } from './app';

runService(authService);
