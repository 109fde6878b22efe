import { runService } from '@olymp/server-kit';
import { financeService } from './app';

runService(financeService);
